-- The community's counters and running totals (decision 0075), kept in the transaction of every
-- write to community_posts and community_votes, whoever writes (a cascade included):
-- a question's visible answers and an answer's visible replies, each post's votes, a question's
-- last activity (its newest visible answer or reply), and community_totals: visible questions and
-- those without a visible answer per lesson and course (lesson targets), resource and seller
-- (resource targets) and instructor (profile targets). `npm run db:rebuild-derived` recounts them.
CREATE TRIGGER `community_question_insert` AFTER INSERT ON `community_posts`
WHEN NEW.kind = 'question' AND NEW.status = 'visible'
BEGIN
  INSERT INTO community_totals (scope_kind, scope_id, questions, unanswered)
  SELECT s.kind, s.id, 1, (NEW.answer_count = 0) FROM (
    SELECT 'lesson' AS kind, NEW.target_id AS id WHERE NEW.target_kind = 'lesson'
    UNION ALL SELECT 'course', NEW.course_id WHERE NEW.target_kind = 'lesson' AND NEW.course_id IS NOT NULL
    UNION ALL SELECT 'resource', NEW.target_id WHERE NEW.target_kind = 'resource'
    UNION ALL SELECT 'seller', r.seller_id FROM resources r WHERE NEW.target_kind = 'resource' AND r.id = NEW.target_id
    UNION ALL SELECT 'instructor', NEW.target_id WHERE NEW.target_kind = 'instructor'
  ) s WHERE true
  ON CONFLICT (scope_kind, scope_id) DO UPDATE SET questions = questions + excluded.questions, unanswered = unanswered + excluded.unanswered;
END;
--> statement-breakpoint
CREATE TRIGGER `community_question_delete` AFTER DELETE ON `community_posts`
WHEN OLD.kind = 'question' AND OLD.status = 'visible'
BEGIN
  INSERT INTO community_totals (scope_kind, scope_id, questions, unanswered)
  SELECT s.kind, s.id, -1, -(OLD.answer_count = 0) FROM (
    SELECT 'lesson' AS kind, OLD.target_id AS id WHERE OLD.target_kind = 'lesson'
    UNION ALL SELECT 'course', OLD.course_id WHERE OLD.target_kind = 'lesson' AND OLD.course_id IS NOT NULL
    UNION ALL SELECT 'resource', OLD.target_id WHERE OLD.target_kind = 'resource'
    UNION ALL SELECT 'seller', r.seller_id FROM resources r WHERE OLD.target_kind = 'resource' AND r.id = OLD.target_id
    UNION ALL SELECT 'instructor', OLD.target_id WHERE OLD.target_kind = 'instructor'
  ) s WHERE true
  ON CONFLICT (scope_kind, scope_id) DO UPDATE SET questions = questions + excluded.questions, unanswered = unanswered + excluded.unanswered;
END;
--> statement-breakpoint
-- A question's status or answer count moved: what it counted before comes off, what it counts now goes on.
CREATE TRIGGER `community_question_update` AFTER UPDATE OF status, answer_count ON `community_posts`
WHEN NEW.kind = 'question' AND ((OLD.status = 'visible') <> (NEW.status = 'visible') OR (OLD.status = 'visible' AND OLD.answer_count = 0) <> (NEW.status = 'visible' AND NEW.answer_count = 0))
BEGIN
  INSERT INTO community_totals (scope_kind, scope_id, questions, unanswered)
  SELECT s.kind, s.id, (NEW.status = 'visible') - (OLD.status = 'visible'), (NEW.status = 'visible' AND NEW.answer_count = 0) - (OLD.status = 'visible' AND OLD.answer_count = 0) FROM (
    SELECT 'lesson' AS kind, NEW.target_id AS id WHERE NEW.target_kind = 'lesson'
    UNION ALL SELECT 'course', NEW.course_id WHERE NEW.target_kind = 'lesson' AND NEW.course_id IS NOT NULL
    UNION ALL SELECT 'resource', NEW.target_id WHERE NEW.target_kind = 'resource'
    UNION ALL SELECT 'seller', r.seller_id FROM resources r WHERE NEW.target_kind = 'resource' AND r.id = NEW.target_id
    UNION ALL SELECT 'instructor', NEW.target_id WHERE NEW.target_kind = 'instructor'
  ) s WHERE true
  ON CONFLICT (scope_kind, scope_id) DO UPDATE SET questions = questions + excluded.questions, unanswered = unanswered + excluded.unanswered;
END;
--> statement-breakpoint
CREATE TRIGGER `community_answer_insert` AFTER INSERT ON `community_posts`
WHEN NEW.kind = 'answer' AND NEW.status = 'visible'
BEGIN
  UPDATE community_posts SET answer_count = answer_count + 1, last_activity_at = max(last_activity_at, NEW.created_at) WHERE id = NEW.question_id;
END;
--> statement-breakpoint
CREATE TRIGGER `community_answer_delete` AFTER DELETE ON `community_posts`
WHEN OLD.kind = 'answer' AND OLD.status = 'visible'
BEGIN
  UPDATE community_posts SET answer_count = answer_count - 1 WHERE id = OLD.question_id AND answer_count > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `community_answer_status` AFTER UPDATE OF status ON `community_posts`
WHEN NEW.kind = 'answer' AND (OLD.status = 'visible') <> (NEW.status = 'visible')
BEGIN
  UPDATE community_posts SET answer_count = answer_count + (NEW.status = 'visible') - (OLD.status = 'visible'),
    last_activity_at = CASE WHEN (NEW.status = 'visible') THEN max(last_activity_at, strftime('%Y-%m-%dT%H:%M:%fZ','now')) ELSE last_activity_at END
  WHERE id = NEW.question_id AND answer_count + (NEW.status = 'visible') - (OLD.status = 'visible') >= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `community_reply_insert` AFTER INSERT ON `community_posts`
WHEN NEW.kind = 'reply' AND NEW.status = 'visible'
BEGIN
  UPDATE community_posts SET reply_count = reply_count + 1 WHERE id = NEW.parent_id;
  UPDATE community_posts SET last_activity_at = max(last_activity_at, NEW.created_at) WHERE id = NEW.question_id;
END;
--> statement-breakpoint
CREATE TRIGGER `community_reply_delete` AFTER DELETE ON `community_posts`
WHEN OLD.kind = 'reply' AND OLD.status = 'visible'
BEGIN
  UPDATE community_posts SET reply_count = reply_count - 1 WHERE id = OLD.parent_id AND reply_count > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `community_reply_status` AFTER UPDATE OF status ON `community_posts`
WHEN NEW.kind = 'reply' AND (OLD.status = 'visible') <> (NEW.status = 'visible')
BEGIN
  UPDATE community_posts SET reply_count = reply_count + (NEW.status = 'visible') - (OLD.status = 'visible')
  WHERE id = NEW.parent_id AND reply_count + (NEW.status = 'visible') - (OLD.status = 'visible') >= 0;
  UPDATE community_posts SET last_activity_at = max(last_activity_at, strftime('%Y-%m-%dT%H:%M:%fZ','now')) WHERE id = NEW.question_id AND (NEW.status = 'visible');
END;
--> statement-breakpoint
CREATE TRIGGER `community_vote_insert` AFTER INSERT ON `community_votes`
BEGIN
  UPDATE community_posts SET vote_count = vote_count + 1 WHERE id = NEW.post_id;
END;
--> statement-breakpoint
CREATE TRIGGER `community_vote_delete` AFTER DELETE ON `community_votes`
BEGIN
  UPDATE community_posts SET vote_count = vote_count - 1 WHERE id = OLD.post_id AND vote_count > 0;
END;
