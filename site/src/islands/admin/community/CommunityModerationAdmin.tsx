import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { PermissionGate } from '../PermissionGate.tsx';
import { $tab, MODERATION_TABS, initCommunityModeration, showTab } from '../../../stores/community-moderation.ts';
import { HeldPanel } from './HeldPanel.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';

/** /admin/community: the community's reports, held posts and suspensions, for the moderators (decision 0075). */
function CommunityModeration() {
  const tab = useStore($tab);
  useEffect(() => {
    initCommunityModeration();
  }, []);
  return (
    <div className="admin-stack">
      <nav className="admin-segmented community-mod-tabs" aria-label="Community moderation">
        {MODERATION_TABS.map((t) => (
          <button key={t.value} type="button" className={tab === t.value ? 'btn btn-primary' : 'btn btn-secondary'} aria-pressed={tab === t.value} onClick={() => showTab(t.value)}>
            {t.label}
          </button>
        ))}
      </nav>
      {tab === 'reports' && <ReportsPanel />}
      {tab === 'held' && <HeldPanel />}
      {tab === 'members' && <MembersPanel />}
    </div>
  );
}

function CommunityModerationAdmin() {
  return (
    <PermissionGate action="community.moderate" what="The community's moderation">
      {() => <CommunityModeration />}
    </PermissionGate>
  );
}

export default withErrorBoundary(CommunityModerationAdmin);
