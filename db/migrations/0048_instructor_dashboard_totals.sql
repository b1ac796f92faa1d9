-- The instructor dashboard's running totals (decision 0077), kept in the transaction of every write
-- to enrollments, lesson_progress and a course's instructor, whoever writes:
--   enrollments.instructor_id  the course's instructor, copied onto each enrolment (its newest
--                              enrolments and completions are one index walk);
--   'instructor.learners:{id}' the distinct learners enrolled in any course the instructor teaches;
--   'course.completions:{id}'  the course's enrolments with their completion stamped;
--   'course.lessons_done:{id}' the lessons its enrolled learners completed (the average progress).
-- A learner's own enrolments are few, so "is this their only enrolment with the instructor" is a
-- look through enrollments_user_course_unique; the lessons a learner completed in a course through
-- lesson_progress_course_idx (the unary + keeps SQLite off the instructor's index, which holds
-- every enrolment of theirs).
UPDATE `enrollments` SET `instructor_id` = (SELECT c.`instructor_id` FROM `courses` c WHERE c.`id` = `enrollments`.`course_id`);
--> statement-breakpoint
CREATE TRIGGER `enrollments_instructor_insert` AFTER INSERT ON `enrollments`
WHEN NEW.instructor_id IS NOT (SELECT c.instructor_id FROM courses c WHERE c.id = NEW.course_id)
BEGIN
  UPDATE enrollments SET instructor_id = (SELECT c.instructor_id FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `enrollments_instructor_update` AFTER UPDATE OF course_id, instructor_id ON `enrollments`
WHEN NEW.instructor_id IS NOT (SELECT c.instructor_id FROM courses c WHERE c.id = NEW.course_id)
BEGIN
  UPDATE enrollments SET instructor_id = (SELECT c.instructor_id FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_instructor_enrollments` AFTER UPDATE OF instructor_id ON `courses`
WHEN OLD.instructor_id IS NOT NEW.instructor_id
BEGIN
  UPDATE enrollments SET instructor_id = NEW.instructor_id WHERE course_id = NEW.id AND instructor_id IS NOT NEW.instructor_id;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_learners_insert` AFTER INSERT ON `enrollments`
WHEN NEW.instructor_id IS NOT NULL
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'instructor.learners:' || NEW.instructor_id, '', 1
    WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = NEW.user_id AND +e.instructor_id = NEW.instructor_id AND e.id <> NEW.id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_learners_update` AFTER UPDATE OF instructor_id, user_id ON `enrollments`
WHEN OLD.instructor_id IS NOT NEW.instructor_id OR OLD.user_id IS NOT NEW.user_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'instructor.learners:' || OLD.instructor_id, '', -1
    WHERE OLD.instructor_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = OLD.user_id AND +e.instructor_id = OLD.instructor_id AND e.id <> NEW.id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'instructor.learners:' || NEW.instructor_id, '', 1
    WHERE NEW.instructor_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = NEW.user_id AND +e.instructor_id = NEW.instructor_id AND e.id <> NEW.id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_learners_delete` AFTER DELETE ON `enrollments`
WHEN OLD.instructor_id IS NOT NULL
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'instructor.learners:' || OLD.instructor_id, '', -1
    WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = OLD.user_id AND +e.instructor_id = OLD.instructor_id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_course_insert` AFTER INSERT ON `enrollments`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.completions:' || NEW.course_id, '', 1
    WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || NEW.course_id, '', n
    FROM (SELECT count(*) AS n FROM lesson_progress lp WHERE lp.user_id = NEW.user_id AND lp.course_id = NEW.course_id) WHERE n > 0
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_course_delete` AFTER DELETE ON `enrollments`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.completions:' || OLD.course_id, '', -1
    WHERE OLD.completed_at IS NOT NULL
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || OLD.course_id, '', -n
    FROM (SELECT count(*) AS n FROM lesson_progress lp WHERE lp.user_id = OLD.user_id AND lp.course_id = OLD.course_id) WHERE n > 0
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_completions_update` AFTER UPDATE OF completed_at, course_id ON `enrollments`
WHEN (OLD.completed_at IS NULL) IS NOT (NEW.completed_at IS NULL) OR OLD.course_id IS NOT NEW.course_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.completions:' || OLD.course_id, '', -1
    WHERE OLD.completed_at IS NOT NULL
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.completions:' || NEW.course_id, '', 1
    WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_enrollments_progress_update` AFTER UPDATE OF user_id, course_id ON `enrollments`
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.course_id IS NOT NEW.course_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || OLD.course_id, '', -n
    FROM (SELECT count(*) AS n FROM lesson_progress lp WHERE lp.user_id = OLD.user_id AND lp.course_id = OLD.course_id) WHERE n > 0
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || NEW.course_id, '', n
    FROM (SELECT count(*) AS n FROM lesson_progress lp WHERE lp.user_id = NEW.user_id AND lp.course_id = NEW.course_id) WHERE n > 0
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_lesson_progress_insert` AFTER INSERT ON `lesson_progress`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || NEW.course_id, '', 1
    WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = NEW.user_id AND e.course_id = NEW.course_id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_lesson_progress_delete` AFTER DELETE ON `lesson_progress`
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || OLD.course_id, '', -1
    WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = OLD.user_id AND e.course_id = OLD.course_id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `stat_lesson_progress_update` AFTER UPDATE OF user_id, course_id ON `lesson_progress`
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.course_id IS NOT NEW.course_id
BEGIN
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || OLD.course_id, '', -1
    WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = OLD.user_id AND e.course_id = OLD.course_id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
  INSERT INTO stat_totals (metric, day, value) SELECT 'course.lessons_done:' || NEW.course_id, '', 1
    WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = NEW.user_id AND e.course_id = NEW.course_id)
    ON CONFLICT (metric, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
DELETE FROM stat_totals WHERE metric LIKE 'instructor.learners:%' OR metric LIKE 'course.completions:%' OR metric LIKE 'course.lessons_done:%';
--> statement-breakpoint
INSERT INTO stat_totals (metric, day, value)
  SELECT 'instructor.learners:' || instructor_id, '', count(DISTINCT user_id) FROM enrollments WHERE instructor_id IS NOT NULL GROUP BY instructor_id
  UNION ALL SELECT 'course.completions:' || course_id, '', count(*) FROM enrollments WHERE completed_at IS NOT NULL GROUP BY course_id
  UNION ALL SELECT 'course.lessons_done:' || e.course_id, '', count(*) FROM enrollments e
    JOIN lesson_progress lp ON lp.user_id = e.user_id AND lp.course_id = e.course_id GROUP BY e.course_id;
