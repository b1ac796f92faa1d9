import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { exampleOf, schemaRows, typeLabel, constraintsOf, type JsonSchema, type OperationView, type ParameterObject } from '../../lib/api-reference.ts';
import {
  $apiReference,
  $apiSearch,
  $tryInputs,
  $tryResults,
  $visibleOperations,
  loadApiReference,
  setApiSearch,
  setTryInput,
  tryOperation,
  OPENAPI_KEY,
} from '../../stores/api-reference.ts';
import '../../styles/api-reference.css';

/**
 * The interactive API reference (decision 0033): every operation of the generated OpenAPI
 * description, grouped by tag, with its parameters, body fields and answers, and a Try it form
 * that sends the request as the signed-in user. Served at /api/docs and in /admin/documentation.
 */
export default function ApiReference({ headingLevel = 2 }: { /** The level of the group headings (the page's own h1 is above). */ headingLevel?: 2 | 3 }) {
  const state = useStore($apiReference);
  const search = useStore($apiSearch);
  const visible = useStore($visibleOperations);
  const searchId = useId();

  useEffect(() => {
    void loadApiReference();
  }, []);

  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void loadApiReference()}>
          Try again
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading the API reference...
      </p>
    );
  }

  const { data } = state;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="api-reference">
      <div className="api-intro">
        <p>
          {data.title} (version {data.version}): {data.count} operations, described from the schemas the API checks. Every error answer is{' '}
          <code>{'{ message, validationErrors? }'}</code>. The machine-readable description is <a href={OPENAPI_KEY}>openapi.json</a> (OpenAPI 3.1).
        </p>
        <p className="hint">Try it sends the request as you, with your sign-in: what it changes, it really changes.</p>
      </div>
      <div className="field api-search">
        <label htmlFor={searchId}>Search operations</label>
        <input id={searchId} type="search" value={search} placeholder="e.g. coupons, POST, /api/me" onChange={(e) => setApiSearch(e.target.value)} />
        <p className="hint" role="status" aria-live="polite">
          {visible.count === data.count ? `${data.count} operations` : `${visible.count} of ${data.count} operations`}
        </p>
      </div>
      {visible.groups.length === 0 && <p className="api-empty">No operation matches “{search}”.</p>}
      {visible.groups.map((group) => (
        <section key={group.tag} className="api-group" aria-label={group.tag}>
          <Heading className="api-group-title">{group.tag}</Heading>
          <ul className="api-operations">
            {group.operations.map((op) => (
              <li key={op.id}>
                <Operation op={op} schemas={data.schemas} sub={sub} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MethodBadge({ method }: { method: string }) {
  return <span className={`api-method api-method-${method.toLowerCase()}`}>{method}</span>;
}

/** One operation, closed until opened; its details are made only once opened. */
type SubHeading = 'h3' | 'h4';

function Operation({ op, schemas, sub }: { op: OperationView; schemas: Record<string, JsonSchema>; sub: SubHeading }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="api-operation" id={op.id} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <MethodBadge method={op.method} />
        <code className="api-path">{op.path}</code>
        <span className="api-summary">{op.summary}</span>
      </summary>
      {open && <OperationDetails op={op} schemas={schemas} sub={sub} />}
    </details>
  );
}

function OperationDetails({ op, schemas, sub: Sub }: { op: OperationView; schemas: Record<string, JsonSchema>; sub: SubHeading }) {
  const bodyRows = op.body ? schemaRows(op.body.schema, schemas) : [];
  return (
    <div className="api-operation-body">
      <p className="api-access">
        {op.description.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
      </p>
      {op.parameters.length > 0 && (
        <div className="api-block">
          <Sub>Parameters</Sub>
          <dl className="api-fields">
            {op.parameters.map((p) => (
              <FieldRow
                key={`${p.in}:${p.name}`}
                name={p.name}
                place={p.in}
                type={typeLabel(p.schema, schemas)}
                required={p.required}
                constraints={constraintsOf(p.schema, schemas)}
                description={p.description}
              />
            ))}
          </dl>
        </div>
      )}
      {op.body && (
        <div className="api-block">
          <Sub>
            Request body <span className="hint">({op.body.media})</span>
          </Sub>
          {bodyRows.length === 0 ? (
            <p className="hint">{typeLabel(op.body.schema, schemas)}</p>
          ) : (
            <dl className="api-fields">
              {bodyRows.map((row) => (
                <FieldRow key={row.name} {...row} />
              ))}
            </dl>
          )}
        </div>
      )}
      <div className="api-block">
        <Sub>Answers</Sub>
        <ul className="api-responses">
          {op.responses.map((r) => (
            <li key={r.status}>
              <span className={`api-status api-status-${r.status[0]}xx`}>{r.status}</span> {r.description}
            </li>
          ))}
        </ul>
      </div>
      <TryIt op={op} schemas={schemas} sub={Sub} />
    </div>
  );
}

function FieldRow({ name, place, type, required, constraints, description, depth = 0 }: {
  name: string;
  place?: string;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
  depth?: number;
}) {
  return (
    <div className={depth ? `api-field api-depth-${Math.min(depth, 4)}` : 'api-field'}>
      <dt>
        <code>{name}</code>
        {place && <span className="hint"> in {place}</span>}
        {required && <span className="api-required"> required</span>}
      </dt>
      <dd>
        <span className="api-type">{type}</span>
        {constraints.length > 0 && <span className="hint"> · {constraints.join(', ')}</span>}
        {description && <span className="hint"> · {description}</span>}
      </dd>
    </div>
  );
}

function initialBody(op: OperationView, schemas: Record<string, JsonSchema>): string {
  if (op.body?.media !== 'application/json') return '';
  return JSON.stringify(exampleOf(op.body.schema, schemas), null, 2);
}

function paramHint(p: ParameterObject, schemas: Record<string, JsonSchema>): string {
  const parts = [typeLabel(p.schema, schemas), ...constraintsOf(p.schema, schemas)];
  return `${p.required ? 'Required' : 'Optional'} ${p.in} parameter: ${parts.join(', ')}`;
}

/** The Try it form of an operation: its parameters, its JSON body, and what the API answered. */
function TryIt({ op, schemas, sub: Sub }: { op: OperationView; schemas: Record<string, JsonSchema>; sub: SubHeading }) {
  const inputs = useStore($tryInputs)[op.id] ?? { values: {}, body: initialBody(op, schemas) };
  const result = useStore($tryResults)[op.id];
  const formId = useId();
  const fields = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const jsonBody = op.body?.media === 'application/json';

  function submit(event: FormEvent) {
    event.preventDefault();
    void tryOperation(op, inputs.values, inputs.body);
  }

  return (
    <form className="api-try form" onSubmit={submit} aria-label={`Try ${op.method} ${op.path}`}>
      <Sub>Try it</Sub>
      {fields.length > 0 && (
        <div className="form-row">
          {fields.map((p) => {
            const key = `${p.in}:${p.name}`;
            const id = `${formId}-${p.in}-${p.name}`;
            return (
              <div className="field" key={key}>
                <label htmlFor={id} className={p.required ? 'required' : undefined}>
                  {p.name}
                </label>
                <input
                  id={id}
                  type="text"
                  value={inputs.values[key] ?? ''}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => setTryInput(op.id, { ...inputs, values: { ...inputs.values, [key]: e.target.value } })}
                />
                <span className="hint" id={`${id}-hint`}>
                  {paramHint(p, schemas)}
                </span>
              </div>
            );
          })}
        </div>
      )}
      {jsonBody && (
        <div className="field">
          <label htmlFor={`${formId}-body`}>Request body (JSON)</label>
          <textarea
            id={`${formId}-body`}
            className="api-code-input"
            spellCheck={false}
            rows={Math.min(14, Math.max(4, inputs.body.split('\n').length))}
            value={inputs.body}
            onChange={(e) => setTryInput(op.id, { ...inputs, body: e.target.value })}
          />
        </div>
      )}
      {op.body && !jsonBody && <p className="hint">This operation takes {op.body.media}: send it from the page that uses it (file uploads are not sent from here).</p>}
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={result?.status === 'sending'}>
          {result?.status === 'sending' ? 'Sending...' : `Send ${op.method}`}
        </button>
      </div>
      <div className="api-result" aria-live="polite">
        {result?.status === 'invalid' && (
          <p className="field-error" role="alert">
            {result.message}
          </p>
        )}
        {result?.status === 'failed' && (
          <p className="alert alert-error" role="alert">
            {result.message}
          </p>
        )}
        {result?.status === 'done' && (
          <>
            <p className="api-result-status">
              <span className={`api-status api-status-${String(result.httpStatus)[0]}xx`}>{result.httpStatus}</span> {result.statusText}{' '}
              <span className="hint">
                · {result.method} {result.url} · {result.ms} ms{result.contentType ? ` · ${result.contentType.split(';')[0]}` : ''}
              </span>
            </p>
            {result.body && (
              <pre className="api-result-body" tabIndex={0} aria-label={`Answer body of ${op.method} ${op.path}`}>
                {result.body}
              </pre>
            )}
          </>
        )}
      </div>
    </form>
  );
}
