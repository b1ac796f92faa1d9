import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $digestChoice, $digestSaving, loadDigestChoice, saveDigestChoice } from '../stores/community-totals.ts';
import { loaded } from '../stores/query.ts';

/**
 * The member's choice for the community's emails (decision 0075): one email per question, answer
 * and reply, or one digest a day listing them. Saved as it is changed.
 */
export default function CommunityDigestChoice() {
  const state = useStore($digestChoice);
  const saving = useStore($digestSaving);
  useEffect(() => {
    void loadDigestChoice();
  }, []);
  const choice = loaded(state);
  return (
    <section className="stack" aria-labelledby="digest-heading">
      <h2 id="digest-heading">Community emails</h2>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {choice && (
        <label className="pref-box community-digest-choice">
          <input type="checkbox" checked={choice.email_digest} disabled={saving} aria-describedby="digest-help" onChange={(e) => void saveDigestChoice(e.currentTarget.checked)} />
          <span className="pref-box-label">Send the community's emails as one digest a day</span>
        </label>
      )}
      <p className="muted text-sm" id="digest-help">
        Questions on your pages, answers to your questions and replies in your threads come in one email a day instead of one each (as far as their email is on above). In-app notices still come at once.
      </p>
    </section>
  );
}
