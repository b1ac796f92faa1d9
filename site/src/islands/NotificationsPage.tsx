import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $draft, $notifications, $preferences, $saving, loadNotifications, loadPreferences, markAllRead, markRead, savePreferences, setChoice } from '../stores/notifications.ts';
import { type NotificationView } from '../../../shared/notifications.ts';
import { type PreferenceView } from '../../../shared/notification-preferences.ts';
import LoadError from '../components/LoadError.tsx';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';
import CommunityDigestChoice from './CommunityDigestChoice.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NoticeItem({ notice }: { notice: NotificationView }) {
  const open = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (notice.read || !notice.url) return;
    e.preventDefault();
    await markRead(notice.id);
    location.assign(notice.url);
  };
  return (
    <li className={notice.read ? 'notice' : 'notice notice-unread'}>
      <div className="notice-text">
        <p className="notice-title">
          {!notice.read && <span className="badge badge-primary notice-new">New</span>}
          {notice.url ? (
            <a href={notice.url} onClick={(e) => void open(e)}>
              {notice.title}
            </a>
          ) : (
            notice.title
          )}
        </p>
        {notice.body && <p className="notice-body">{notice.body}</p>}
        <p className="notice-meta">
          <time dateTime={notice.created_at}>{when(notice.created_at)}</time>
          {notice.read ? ' · read' : ' · unread'}
        </p>
      </div>
      {!notice.read && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void markRead(notice.id)} aria-label={`Mark read: ${notice.title}`}>
          Mark read
        </button>
      )}
    </li>
  );
}

function NoticeList() {
  const state = useStore($notifications);
  if (state.status !== 'ready') {
    if (state.status === 'error') return <LoadError message={state.message} onRetry={() => void loadNotifications()} />;
    return <Loading text="Loading your notifications..." />;
  }
  const { data, unread } = state.data;
  return (
    <section className="stack" aria-labelledby="notices-heading">
      <div className="notices-head">
        <h2 id="notices-heading">
          Notifications <span className="muted text-sm">({unread === 0 ? 'all read' : `${unread} unread`})</span>
        </h2>
        {unread > 0 && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void markAllRead()}>
            Mark all read
          </button>
        )}
      </div>
      {data.length === 0 ? (
        <div className="panel center">
          <p className="lead">No notifications yet.</p>
          <p className="muted">Receipts, enrolments, certificates, bookings and news about your store show here.</p>
        </div>
      ) : (
        <ul className="notice-list" aria-label="Your notifications">
          {data.map((n) => (
            <NoticeItem key={n.id} notice={n} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChannelBox({ kind, channel }: { kind: PreferenceView; channel: 'in_app' | 'email' }) {
  const draft = useStore($draft);
  const label = channel === 'in_app' ? 'In-app' : 'Email';
  if (!kind.channels.includes(channel)) return <span className="muted text-sm">Not sent</span>;
  const required = kind.required === channel;
  const checked = required || (draft[kind.kind]?.[channel] ?? kind[channel]);
  return (
    <label className="pref-box">
      <input
        type="checkbox"
        checked={checked}
        disabled={required}
        onChange={(e) => setChoice(kind.kind, channel, e.currentTarget.checked)}
        aria-label={`${label}: ${kind.label}`}
        aria-describedby={required ? `req-${kind.kind}` : undefined}
      />
      <span className="pref-box-label">{label}</span>
    </label>
  );
}

function Preferences() {
  const state = useStore($preferences);
  const saving = useStore($saving);
  if (state.status !== 'ready') {
    if (state.status === 'error') return <LoadError message={state.message} onRetry={() => void loadPreferences()} />;
    return <Loading text="Loading your choices..." />;
  }
  return (
    <section className="stack" aria-labelledby="prefs-heading">
      <h2 id="prefs-heading">What you are told, and how</h2>
      <p className="muted">Choose per kind whether it shows here (in-app) and whether it is emailed to you.</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void savePreferences();
        }}
      >
        {state.data.map((group) => (
          <fieldset key={group.group} className="pref-group">
            <legend>{group.group}</legend>
            <ul className="pref-list">
              {group.kinds.map((k) => (
                <li key={k.kind} className="pref-row">
                  <div className="pref-text">
                    <p className="pref-label">{k.label}</p>
                    <p className="muted text-sm">{k.description}</p>
                    {k.required && (
                      <p className="muted text-sm" id={`req-${k.kind}`}>
                        Always sent by {k.required === 'email' ? 'email' : 'in-app'}: you need it to use your account.
                      </p>
                    )}
                  </div>
                  <div className="pref-channels">
                    <ChannelBox kind={k} channel="in_app" />
                    <ChannelBox kind={k} channel="email" />
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <p>
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving...' : 'Save choices'}
          </button>
        </p>
      </form>
    </section>
  );
}

/** /notifications: the user's notices (mark one or all read) and their choices per kind. */
function NotificationsPage() {
  useEffect(() => {
    void loadNotifications();
    void loadPreferences();
  }, []);
  return (
    <div className="stack notifications-page">
      <NoticeList />
      <Preferences />
      <CommunityDigestChoice />
    </div>
  );
}

export default withErrorBoundary(NotificationsPage);
