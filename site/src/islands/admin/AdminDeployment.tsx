import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { $checks, $deployment, CHECK_STATUS_LABELS, checkBadgeClass, formatUptime, loadDeployment, PAYMENT_MODE_LABELS, runChecks } from '../../stores/admin-deployment.ts';
import { type ChecksReport } from '../../../../shared/deployment-checks.ts';
import { type DeploymentFacts } from '../../../../shared/deployment.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, formatDateTime, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import { Panel } from './store/parts.tsx';

/** /admin/deployment: what this server runs on, and its checks on demand. */

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="settings-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Migrations({ migrations }: { migrations: DeploymentFacts['database']['migrations'] }) {
  if ('error' in migrations) return <span className="field-error">Could not be read: {migrations.error}</span>;
  if (migrations.pending.length === 0) return <>{`All ${migrations.committed} applied (latest ${migrations.latest_applied ?? 'none'})`}</>;
  return (
    <>
      {`${migrations.applied} of ${migrations.committed} applied; pending:`}
      <ul className="deployment-pending">
        {migrations.pending.map((tag) => (
          <li key={tag}>
            <code>{tag}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

function ChecksList({ report }: { report: ChecksReport }) {
  return (
    <>
      <p className="muted" aria-live="polite">
        {report.status === 'ok' ? 'Every check passed' : `Overall: ${CHECK_STATUS_LABELS[report.status]}`} · run {formatDateTime(report.checked_at)}
      </p>
      <ul className="deployment-checks" aria-label="Check results">
        {report.checks.map((check) => (
          <li key={check.key} className="deployment-check">
            <span className={checkBadgeClass(check.status)}>{CHECK_STATUS_LABELS[check.status]}</span>
            <strong>{check.label}</strong>
            <p className="muted">
              {check.message} <span className="hint">({check.ms} ms)</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function Checks() {
  const state = useStore($checks);
  const running = state.status === 'running';
  const report = state.status === 'done' ? state.report : state.status === 'running' ? state.last : undefined;
  return (
    <Panel
      id="deployment-checks"
      title="Checks"
      action={
        <button type="button" className="btn btn-primary" disabled={running} onClick={() => void runChecks()}>
          {running ? 'Running checks...' : 'Run checks'}
        </button>
      }
    >
      {state.status === 'idle' && <p className="muted">Runs a database round trip, the migrations, a storage probe (write, read, delete), the payment provider and the email outbox.</p>}
      {state.status === 'error' && <ErrorState message={`The checks could not be run: ${state.message}`} onRetry={() => void runChecks()} />}
      {running && !report && <LoadingState label="Running checks..." />}
      {report && <ChecksList report={report} />}
    </Panel>
  );
}

function Deployment() {
  const state = useStore($deployment);
  useEffect(() => {
    void loadDeployment();
  }, []);
  const f = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadDeployment()} />;
  if (!f) return <LoadingState label="Loading the deployment..." />;
  return (
    <div className="admin-stack">
      <Panel id="deployment-health" title="Health">
        <p className="cluster">
          <span className={f.health.status === 'ok' ? 'badge badge-success' : 'badge badge-danger'}>{f.health.status === 'ok' ? 'Healthy' : 'Unhealthy'}</span>
          <span>{f.health.message}</span>
        </p>
        <Facts
          items={[
            ['Uptime', `${formatUptime(f.uptime_seconds)} (since ${formatDateTime(f.started_at)})`],
            ['Version', `${f.version.package}${f.version.commit ? ` · commit ${f.version.commit}` : ' · commit not recorded (not a built server)'}`],
            ['Public address', f.public_url ?? 'Not set (PUBLIC_URL): links in emails use http://localhost'],
          ]}
        />
      </Panel>
      <Checks />
      <Panel id="deployment-runtime" title="Runtime and database">
        <Facts
          items={[
            ['Runtime', f.runtime.kind === 'workers' ? 'Cloudflare Workers' : `Node.js ${f.runtime.node_version ?? ''}`.trim()],
            ['Environment', f.runtime.app_env],
            ['Database', f.database.kind === 'libsql' ? `libSQL server at ${f.database.location}` : `Embedded file ${f.database.location}`],
            ['Migrations', <Migrations key="m" migrations={f.database.migrations} />],
            ['Object store', f.storage.kind === 'r2' ? `Cloudflare R2 (${f.storage.location})` : `Local directory ${f.storage.location}`],
          ]}
        />
      </Panel>
      <Panel id="deployment-services" title="Payments and mail">
        <Facts
          items={[
            ['Payments', PAYMENT_MODE_LABELS[f.payments.mode]],
            ['Stripe webhook secret', f.payments.webhook_secret_set ? 'Set' : 'Not set'],
            ['Mail transport', f.mail.transport === 'http' ? `${f.mail.http_provider ?? 'A provider'}'s HTTP API at ${f.mail.http_host ?? '?'}` : f.mail.transport === 'smtp' ? `SMTP at ${f.mail.smtp_host ?? '?'}${f.mail.delivers_here ? '' : ' (not delivered by this runtime)'}` : 'None: emails stay in the outbox'],
            ['Emails are sent from', f.mail.from],
          ]}
        />
      </Panel>
    </div>
  );
}

function AdminDeployment() {
  return (
    <PermissionGate action="deployment.read" what="Deployment">
      {() => <Deployment />}
    </PermissionGate>
  );
}

export default withErrorBoundary(AdminDeployment);
