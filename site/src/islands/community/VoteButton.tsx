import { useState } from 'react';
import { countLabel } from '../../lib/plural.ts';
import { setVote, type CommunityPostView } from '../../stores/community.ts';
import { toast } from '../../stores/toasts.ts';

/** An upvote: pressed when the reader voted; the count alone for those who may not vote (their own post, visitors). */
export default function VoteButton({ post, what }: { post: CommunityPostView; what: string }) {
  const [busy, setBusy] = useState(false);
  const label = countLabel(post.vote_count, 'vote');
  if (!post.can.vote) return <span className="cq-votes text-sm muted">▲ {label}</span>;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm cq-vote"
      aria-pressed={post.voted}
      aria-label={`Upvote ${what} (${label})`}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const result = await setVote(post.id, !post.voted);
        setBusy(false);
        if (!result.ok) toast({ title: 'The vote was not counted', description: result.message, variant: 'destructive' });
      }}
    >
      ▲ {post.vote_count}
    </button>
  );
}
