import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import MessagesAdmin from './MessagesAdmin.tsx';
import OutboxAdmin from './OutboxAdmin.tsx';

type MessagesTab = 'contact' | 'outbox';

/** /admin/messages: what visitors sent (contact form) and what the platform sent (outbox), as tabs; ?tab=outbox opens the second. */
function AdminMessages() {
  const [tab, setTab] = useState<MessagesTab>('contact');
  useEffect(() => {
    if (new URLSearchParams(location.search).get('tab') === 'outbox') setTab('outbox');
  }, []);

  function choose(value: string) {
    const next = value === 'outbox' ? 'outbox' : 'contact';
    setTab(next);
    const url = new URL(location.href);
    if (next === 'outbox') url.searchParams.set('tab', 'outbox');
    else url.searchParams.delete('tab');
    history.replaceState(history.state, '', url.pathname + url.search);
  }

  return (
    <Tabs.Root className="tabs" value={tab} onValueChange={choose}>
      <Tabs.List aria-label="Messages">
        <Tabs.Trigger value="contact">Contact messages</Tabs.Trigger>
        <Tabs.Trigger value="outbox">Outbox</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="contact">
        <MessagesAdmin />
      </Tabs.Content>
      <Tabs.Content value="outbox">
        <OutboxAdmin />
      </Tabs.Content>
    </Tabs.Root>
  );
}

export default withErrorBoundary(AdminMessages);
