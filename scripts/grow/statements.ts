import { sql, type SQL } from 'drizzle-orm';
import { AGE_GROUPS } from '../../worker/src/domain/store.ts';
import type { GrowPlan } from './plan.ts';

/**
 * The statements that grow a demo database by `plan`: each table's rows made by one
 * INSERT … SELECT over a counter (a recursive CTE), every value a function of the row's number, so
 * nothing is pulled into JavaScript and the same plan grows the same rows. Dates spread over the
 * two years before `anchor` (bookings reach seven weeks past it).
 * (Raw SQL: a recursive counter feeding a bulk insert is not something the query builder says.)
 */

export interface GrowContext {
  plan: GrowPlan;
  /** Midnight UTC of the day the database is grown (ISO). */
  anchor: string;
  /** One password hash for every grown account (they are not meant to sign in). */
  passwordHash: string;
  /** The largest id of each table before growing: grown row n has id base + n. */
  base: { users: number; courses: number; resources: number; orders: number; subscriptions: number; lessons: number; communityPosts: number };
  ids: { student: number; seller: number; admin: number; instructorAdmin: number };
  /** Published instructors and the first active lesson type of each. */
  instructors: { userId: number; lessonTypeId: number }[];
  categoryIds: number[];
  /** Paid plans: id, monthly and yearly price. */
  plans: { id: number; monthly: number; yearly: number }[];
  /** The community's busy lesson (the demo ballet course's first) and its course. */
  busyLesson: { id: number; courseId: number };
}

const TWO_YEARS_S = 2 * 365 * 86_400;

/** Rows 1..n of a counter named seq(i). */
const counter = (n: number) => sql.raw(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${Math.floor(n)})`);

/** An ISO time `seconds` (an SQL expression) before the anchor. */
const before = (anchor: string, seconds: SQL | string) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${anchor}, '-' || (${typeof seconds === 'string' ? sql.raw(seconds) : seconds}) || ' seconds')`;

/** A spread of the row number over two years: a different moment for nearby rows. */
const spread = (multiplier: number) => `((i * ${multiplier}) % ${TWO_YEARS_S})`;

const pick = (values: readonly string[], index: string) =>
  sql.raw(`CASE (${index}) % ${values.length} ${values.map((v, k) => `WHEN ${k} THEN '${v.replace(/'/g, "''")}'`).join(' ')} END`);

const STYLES = ['Ballet', 'Hip Hop', 'Jazz', 'Tap', 'Contemporary', 'Latin'];
// The store's own age groups, so the grown resources can be found by the store's age filter.
const AGES = AGE_GROUPS;
const LEVELS = ['Beginner', 'Intermediate', 'Advanced'];

export function growStatements(c: GrowContext): { name: string; statement: SQL }[] {
  const { plan, anchor, base } = c;
  const user = (index: string) => `(${base.users} + 1 + (${index}) % ${plan.users})`;
  const seller = (index: string) => `(${base.users} + 1 + (${index}) % ${plan.sellers})`;
  const otherResources = plan.resources - plan.demoSellerResources;
  const category = (index: string) => sql.raw(`CASE (${index}) % ${c.categoryIds.length} ${c.categoryIds.map((id, k) => `WHEN ${k} THEN ${id}`).join(' ')} END`);
  const orderKind = `CASE WHEN i % 10 < 7 THEN 'RESOURCE' ELSE 'COURSE' END`;
  const orderItem = `CASE WHEN i % 10 < 7 THEN (CASE WHEN i % ${plan.demoSellerSaleEvery} = 0 THEN ${base.resources} + 1 + i % ${plan.demoSellerResources}
      ELSE ${base.resources} + ${plan.demoSellerResources} + 1 + i % ${otherResources} END) ELSE ${base.courses} + 1 + i % ${plan.courses} END`;
  const k = c.instructors.length;
  const instructorOf = sql.raw(`CASE i % ${k} ${c.instructors.map((x, n) => `WHEN ${n} THEN ${x.userId}`).join(' ')} END`);
  const lessonTypeOf = sql.raw(`CASE i % ${k} ${c.instructors.map((x, n) => `WHEN ${n} THEN ${x.lessonTypeId}`).join(' ')} END`);
  const planOf = (field: 'id' | 'monthly' | 'yearly') => sql.raw(`CASE i % ${c.plans.length} ${c.plans.map((p, n) => `WHEN ${n} THEN ${p[field]}`).join(' ')} END`);

  return [
    {
      name: 'users',
      statement: sql`${counter(plan.users)}
        INSERT INTO users (username, email, password_hash, first_name, last_name, created_at, updated_at)
        SELECT 'grown_' || i, 'grown' || i || '@example.test', ${c.passwordHash}, ${pick(['Ava', 'Noah', 'Mia', 'Leo', 'Zoe', 'Kai'], 'i')}, 'Dancer ' || i, at, at
        FROM (SELECT i, ${before(anchor, spread(7919))} AS at FROM seq)`,
    },
    {
      name: 'user roles',
      statement: sql`INSERT INTO user_roles (user_id, role_id)
        SELECT u.id, r.id FROM users u, roles r WHERE u.id > ${base.users} AND r.name = 'STUDENT'
        UNION ALL SELECT u.id, r.id FROM users u, roles r WHERE u.id BETWEEN ${base.users + 1} AND ${base.users + plan.sellers} AND r.name = 'SELLER'`,
    },
    {
      name: 'sellers',
      statement: sql`INSERT INTO seller_profiles (user_id, store_name, status, decided_at, created_at, updated_at)
        SELECT id, 'Grown studio ' || (id - ${base.users}), 'approved', created_at, created_at, created_at FROM users
        WHERE id BETWEEN ${base.users + 1} AND ${base.users + plan.sellers}`,
    },
    {
      name: 'courses',
      statement: sql`${counter(plan.courses)}
        INSERT INTO courses (title, description, price_cents, status, instructor_id, difficulty_level, published_at, created_at, updated_at)
        SELECT ${pick(STYLES, 'i')} || ' foundations ' || i, 'A grown course to measure the catalog at size.', 900 + (i % 9) * 1000, 'published',
          ${c.ids.instructorAdmin}, ${pick(['beginner', 'intermediate', 'advanced'], 'i')}, at, at, at
        FROM (SELECT i, ${before(anchor, spread(104729))} AS at FROM seq)`,
    },
    {
      name: 'modules',
      statement: sql`INSERT INTO modules (course_id, title, position)
        SELECT c.id, 'Module ' || m.n, m.n FROM courses c,
          (WITH RECURSIVE mods(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM mods WHERE n < ${plan.modulesPerCourse}) SELECT n FROM mods) m
        WHERE c.id > ${base.courses} ORDER BY c.id, m.n`,
    },
    {
      name: 'lessons',
      statement: sql`INSERT INTO lessons (module_id, title, content, position)
        SELECT md.id, 'Lesson ' || l.n, 'Counts, then the phrase at half speed.', l.n FROM modules md,
          (WITH RECURSIVE les(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM les WHERE n < ${plan.lessonsPerModule}) SELECT n FROM les) l
        WHERE md.course_id > ${base.courses} ORDER BY md.id, l.n`,
    },
    {
      name: 'resources',
      statement: sql`${counter(plan.resources)}
        INSERT INTO resources (seller_id, title, description, dance_style, age_group, level, category_id, price_cents, status, submitted_at, published_at, created_at, updated_at)
        SELECT CASE WHEN i <= ${plan.demoSellerResources} THEN ${c.ids.seller} ELSE ${sql.raw(seller('i'))} END,
          ${pick(STYLES, 'i')} || ' lesson plan ' || i, 'A grown lesson plan to measure the store at size.',
          ${pick(STYLES, 'i')}, ${pick(AGES, 'i / 7')}, ${pick(LEVELS, 'i / 3')}, ${category('i')}, 500 + (i % 8) * 250, 'published', at, at, at, at
        FROM (SELECT i, ${before(anchor, spread(15485863))} AS at FROM seq)`,
    },
    {
      name: 'orders',
      statement: sql`${counter(plan.orders)}
        INSERT INTO orders (number, user_id, type, status, description, subtotal_cents, total_cents, refunded_cents, provider, paid_at, closed_at, created_at, updated_at)
        SELECT 'G' || printf('%09d', i), buyer, lower(kind),
          CASE i % 100 WHEN 0 THEN 'pending' WHEN 1 THEN 'refunded' WHEN 2 THEN 'expired' ELSE 'paid' END,
          title, price, price, CASE i % 100 WHEN 1 THEN price ELSE 0 END, 'test',
          CASE WHEN i % 100 IN (0, 2) THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', at, '+1 minute') END,
          CASE i % 100 WHEN 2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', at, '+1 day') END, at, at
        FROM (SELECT i, kind, item, buyer, at, coalesce(r.price_cents, c.price_cents) AS price, coalesce(r.title, c.title) AS title FROM (
          SELECT i, ${sql.raw(orderKind)} AS kind, ${sql.raw(orderItem)} AS item,
            CASE WHEN i % ${plan.studentOrderEvery} = 0 THEN ${c.ids.student} ELSE ${sql.raw(user('i * 31'))} END AS buyer,
            CASE WHEN i % 100 = 0 THEN ${before(anchor, '(i * 13) % 86400')} ELSE ${before(anchor, spread(2750159))} END AS at
          FROM seq) s
          LEFT JOIN resources r ON s.kind = 'RESOURCE' AND r.id = s.item
          LEFT JOIN courses c ON s.kind = 'COURSE' AND c.id = s.item)`,
    },
    {
      name: 'order lines',
      statement: sql`${counter(plan.orders)}
        INSERT INTO order_items (order_id, kind, item_id, title, unit_price_cents, total_cents, refunded_cents, fulfilled_at, revoked_at)
        SELECT o.id, ${sql.raw(orderKind)}, ${sql.raw(orderItem)}, o.description, o.total_cents, o.total_cents, o.refunded_cents, o.paid_at,
          CASE WHEN o.status = 'refunded' THEN o.paid_at END
        FROM seq JOIN orders o ON o.number = 'G' || printf('%09d', i)`,
    },
    {
      name: 'seller ledger',
      statement: sql`INSERT INTO seller_ledger (seller_id, type, order_id, order_item_id, resource_id, gross_cents, fee_cents, net_cents, description, created_at)
        SELECT r.seller_id, 'sale', o.id, oi.id, r.id, oi.total_cents, oi.total_cents / 5, oi.total_cents - oi.total_cents / 5, 'Sale of ' || r.title, o.paid_at
        FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN resources r ON r.id = oi.item_id
        WHERE oi.order_id > ${base.orders} AND oi.kind = 'RESOURCE' AND o.paid_at IS NOT NULL`,
    },
    {
      name: 'resource ownerships',
      statement: sql`INSERT OR IGNORE INTO resource_ownerships (user_id, resource_id, source, order_id, created_at)
        SELECT o.user_id, oi.item_id, 'purchase', o.id, o.paid_at FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE oi.order_id > ${base.orders} AND oi.kind = 'RESOURCE' AND o.status = 'paid'`,
    },
    {
      name: 'sales counts',
      statement: sql`UPDATE resources SET sales_count = (SELECT count(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.kind = 'RESOURCE' AND oi.item_id = resources.id AND o.status IN ('paid', 'partially_refunded'))
        WHERE id > ${base.resources} OR seller_id = ${c.ids.seller}`,
    },
    {
      name: 'enrolments',
      statement: sql`${counter(plan.enrolments)}
        INSERT OR IGNORE INTO enrollments (user_id, course_id, source, created_at, updated_at)
        SELECT ${sql.raw(user('i'))}, ${base.courses} + 1 + (i + (i / ${plan.users}) * 7) % ${plan.courses}, 'free', at, at
        FROM (SELECT i, ${before(anchor, spread(611953))} AS at FROM seq)`,
    },
    {
      name: 'bookings',
      statement: sql`${counter(plan.bookings)}
        INSERT INTO bookings (number, instructor_id, user_id, lesson_type_id, kind, title, mode, starts_at, ends_at, instructor_time_zone, booker_time_zone,
          status, price_cents, confirmed_at, cancelled_at, cancel_reason, created_at, updated_at)
        SELECT 'GB' || printf('%09d', i), s.instructor, s.booker, lt.id, lt.kind, lt.title, lt.mode, s.starts,
          strftime('%Y-%m-%dT%H:%M:%fZ', s.starts, '+' || lt.duration_minutes || ' minutes'), 'America/New_York', 'America/New_York',
          CASE WHEN i % 7 = 0 THEN 'cancelled' ELSE 'confirmed' END, lt.price_cents,
          s.booked,
          CASE WHEN i % 7 = 0 THEN min(strftime('%Y-%m-%dT%H:%M:%fZ', s.starts, '-1 day'), ${anchor}) END,
          CASE WHEN i % 7 = 0 THEN 'Cannot make it' END,
          s.booked, s.booked
        FROM (SELECT i, instructor, lesson, booker, starts,
            -- Booked three days ahead, and never after the anchor (the sessions still to come were
            -- booked over the last month).
            min(strftime('%Y-%m-%dT%H:%M:%fZ', starts, '-3 days'), strftime('%Y-%m-%dT%H:%M:%fZ', ${anchor}, '-' || (i % 43200) || ' minutes')) AS booked
          FROM (SELECT i, ${instructorOf} AS instructor, ${lessonTypeOf} AS lesson, ${sql.raw(user('i * 17'))} AS booker,
            strftime('%Y-%m-%dT%H:%M:%fZ', ${anchor}, '-300 days', '+' || ((i / ${k}) * 15 + 7) || ' minutes') AS starts FROM seq)) s
        JOIN lesson_types lt ON lt.id = s.lesson`,
    },
    {
      name: 'subscriptions',
      statement: sql`${counter(plan.subscriptions)}
        INSERT INTO subscriptions (user_id, plan_id, interval, status, price_cents, cancel_at_period_end, current_period_start, current_period_end, canceled_at,
          provider, provider_subscription_id, created_at, updated_at)
        SELECT ${base.users} + 1 + (i - 1) % ${plan.users}, ${planOf('id')}, CASE WHEN i % 4 = 0 THEN 'year' ELSE 'month' END,
          CASE WHEN i % 20 = 0 THEN 'past_due' WHEN i % 20 IN (1, 2, 3) THEN 'canceled' ELSE 'active' END,
          CASE WHEN i % 4 = 0 THEN ${planOf('yearly')} ELSE ${planOf('monthly')} END, CASE WHEN i % 25 = 5 THEN 1 ELSE 0 END,
          strftime('%Y-%m-%dT%H:%M:%fZ', ${anchor}, '-' || (i % 28) || ' days'), strftime('%Y-%m-%dT%H:%M:%fZ', ${anchor}, '+' || (28 - i % 28) || ' days'),
          CASE WHEN i % 20 IN (1, 2, 3) THEN at END, 'test', 'sub_grown_' || i, at, at
        FROM (SELECT i, ${before(anchor, spread(1299709))} AS at FROM seq)`,
    },
    {
      name: 'subscription invoices',
      statement: sql`INSERT INTO subscription_invoices (subscription_id, user_id, provider_invoice_id, number, status, billing_reason, amount_due_cents, amount_paid_cents, paid_at, created_at, updated_at)
        SELECT id, user_id, 'in_grown_' || id, 'GI' || id, 'paid', 'subscription_create', price_cents, price_cents, created_at, created_at, created_at
        FROM subscriptions WHERE id > ${base.subscriptions}`,
    },
    {
      name: 'audit log',
      statement: sql`${counter(plan.audit)}
        INSERT INTO audit_log (actor_id, actor_name, actor_roles, action, entity, entity_id, summary, created_at)
        SELECT ${c.ids.admin}, 'admin', 'ADMIN', ${pick(['user.update', 'course.update', 'coupon.update', 'order.refund', 'resource.approve'], 'i')},
          ${pick(['users', 'courses', 'coupons', 'orders', 'resources'], 'i')}, CAST(i AS TEXT), 'Grown change number ' || i,
          -- Written in time order, as a log is: a later entry has a later time.
          ${before(anchor, `((${plan.audit} - i) * ${TWO_YEARS_S} / ${plan.audit})`)}
        FROM seq`,
    },
    {
      name: 'notifications',
      statement: sql`${counter(plan.notifications)}
        INSERT INTO notifications (user_id, kind, title, body, url, read_at, created_at)
        SELECT CASE WHEN i <= ${plan.studentNotifications} THEN ${c.ids.student} ELSE ${sql.raw(user('i * 13'))} END,
          ${pick(['receipt', 'enrolment', 'resource_sold'], 'i')}, 'Notice number ' || i, 'Something happened on DRX.', '/dashboard',
          CASE WHEN i % 3 = 0 THEN at END, at
        FROM (SELECT i, ${before(anchor, spread(7727))} AS at FROM seq)`,
    },
    ...communityStatements(c),
  ];
}

const TOPICS = ['turnout', 'musicality', 'counts', 'spotting', 'balance', 'port de bras', 'warm-up', 'stretching'];

/**
 * The community (decision 0075): questions (the busy lesson's first, then grown lessons, resources
 * and profiles; one in fifty held for a moderator), answers to every other question (the busy
 * thread's first), replies under answers, upvotes. Counters and totals are recounted after (grow.ts).
 */
function communityStatements(c: GrowContext): { name: string; statement: SQL }[] {
  const { plan, anchor, base } = c;
  const user = (index: string) => `(${base.users} + 1 + (${index}) % ${plan.users})`;
  const grownLessons = plan.courses * plan.modulesPerCourse * plan.lessonsPerModule;
  const k = c.instructors.length;
  const instructorOf = sql.raw(`CASE i % ${k} ${c.instructors.map((x, n) => `WHEN ${n} THEN ${x.userId}`).join(' ')} END`);
  const questions = plan.communityQuestions;
  const firstQuestion = base.communityPosts + 1;
  const firstAnswer = firstQuestion + questions;
  // Answers go to the odd questions (the even ones wait for an answer), the busy thread's first.
  const answered = Math.max(1, Math.floor(questions / 2));
  return [
    {
      name: 'community questions',
      statement: sql`${counter(questions)}
        INSERT INTO community_posts (kind, target_kind, target_id, course_id, author_id, title, body, status, created_at, last_activity_at)
        SELECT 'question', kind, target, CASE WHEN kind = 'lesson' THEN coalesce(course, (SELECT m.course_id FROM lessons l JOIN modules m ON m.id = l.module_id WHERE l.id = target)) END,
          ${sql.raw(user('i * 11'))}, 'Question ' || i || ' about ' || ${pick(TOPICS, 'i')}, 'How do you teach ' || ${pick(TOPICS, 'i / 3')} || ' to a class of ' || (6 + i % 30) || '?',
          CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'visible' END, at, at
        FROM (SELECT i, at,
            CASE WHEN i <= ${plan.busyLessonQuestions} OR i % 10 < 6 THEN 'lesson' WHEN i % 10 < 9 THEN 'resource' ELSE 'instructor' END AS kind,
            CASE WHEN i <= ${plan.busyLessonQuestions} THEN ${c.busyLesson.id} WHEN i % 10 < 6 THEN ${base.lessons} + 1 + i % ${grownLessons}
              WHEN i % 10 < 9 THEN ${base.resources} + 1 + i % ${plan.resources} ELSE ${instructorOf} END AS target,
            CASE WHEN i <= ${plan.busyLessonQuestions} THEN ${c.busyLesson.courseId} END AS course
          FROM (SELECT i, ${before(anchor, `((${questions} - i) * 60)`)} AS at FROM seq))`,
    },
    {
      name: 'community answers',
      statement: sql`${counter(plan.communityAnswers)}
        INSERT INTO community_posts (kind, target_kind, target_id, course_id, question_id, author_id, body, status, created_at, last_activity_at)
        SELECT 'answer', q.target_kind, q.target_id, q.course_id, q.id, ${sql.raw(user('i * 17'))}, 'Start with ' || ${pick(TOPICS, 'i')} || ' at half speed, then on the music.',
          'visible', strftime('%Y-%m-%dT%H:%M:%fZ', q.created_at, '+' || (i % 600) || ' minutes'), q.created_at
        FROM seq JOIN community_posts q ON q.id = ${firstQuestion} +
          CASE WHEN i <= ${plan.busyThreadAnswers} THEN 0 ELSE ((i - 1) % ${answered}) * 2 END`,
    },
    {
      name: 'community replies',
      statement: sql`${counter(plan.communityReplies)}
        INSERT INTO community_posts (kind, target_kind, target_id, course_id, question_id, parent_id, author_id, body, status, created_at, last_activity_at)
        SELECT 'reply', a.target_kind, a.target_id, a.course_id, a.question_id, a.id, ${sql.raw(user('i * 23'))}, 'Thanks, that works with my class too.',
          'visible', strftime('%Y-%m-%dT%H:%M:%fZ', a.created_at, '+1 day'), a.created_at
        FROM seq JOIN community_posts a ON a.id = ${firstAnswer} + (i - 1) % ${plan.communityAnswers}`,
    },
    {
      name: 'community votes',
      statement: sql`${counter(plan.communityVotes)}
        INSERT OR IGNORE INTO community_votes (post_id, user_id, created_at)
        SELECT ${firstQuestion} + (i * 7) % ${questions + plan.communityAnswers}, ${sql.raw(user('i * 29'))}, ${anchor} FROM seq`,
    },
  ];
}
