import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ActivityItem } from '../../../../shared/dashboards/activity.ts';

/**
 * The admin dashboard's recent activity: the newest events across sign-ups, paid orders, booked
 * sessions and the audit log (decision 0033), merged newest first. Each source gives its own
 * newest `limit`, so the merged list's `limit` are the newest of all.
 */

export const RECENT_ACTIVITY = 12;

export async function recentActivity(db: Db, limit = RECENT_ACTIVITY): Promise<ActivityItem[]> {
  const [signups, orders, bookings, audits] = await db.batch([
    db.all<{ id: number; at: string; username: string }>(sql`SELECT id, created_at AS at, username FROM users ORDER BY created_at DESC, id DESC LIMIT ${limit}`),
    db.all<{ id: number; at: string; username: string | null; description: string; number: string; total: number }>(sql`SELECT o.id, o.paid_at AS at,
        u.username, o.description, o.number, o.total_cents AS total
      FROM orders o LEFT JOIN users u ON u.id = o.user_id
      WHERE o.paid_at IS NOT NULL ORDER BY o.paid_at DESC, o.id DESC LIMIT ${limit}`),
    db.all<{ id: number; at: string; username: string | null; title: string; number: string; price: number }>(sql`SELECT b.id, b.confirmed_at AS at,
        u.username, b.title, b.number, b.price_cents AS price
      FROM bookings b LEFT JOIN users u ON u.id = b.user_id
      WHERE b.confirmed_at IS NOT NULL ORDER BY b.confirmed_at DESC, b.id DESC LIMIT ${limit}`),
    db.all<{ id: number; at: string; actor: string; action: string; summary: string }>(sql`SELECT id, created_at AS at, actor_name AS actor, action, summary
      FROM audit_log ORDER BY created_at DESC, id DESC LIMIT ${limit}`),
  ]);
  const items: ActivityItem[] = [
    ...signups.map((r) => ({ kind: 'signup' as const, at: r.at, actor: r.username, text: 'Signed up', amount_cents: null, href: `/admin/users/${Number(r.id)}` })),
    ...orders.map((r) => ({
      kind: 'order' as const,
      at: r.at,
      actor: r.username ?? 'A deleted account',
      text: `Paid order ${r.number}: ${r.description}`,
      amount_cents: Number(r.total),
      href: `/admin/orders/${Number(r.id)}`,
    })),
    ...bookings.map((r) => ({
      kind: 'booking' as const,
      at: r.at,
      actor: r.username ?? 'A deleted account',
      text: `Booked ${r.title} (${r.number})`,
      amount_cents: Number(r.price),
      href: '/admin/bookings',
    })),
    ...audits.map((r) => ({ kind: 'audit' as const, at: r.at, actor: r.actor, text: r.summary || r.action, amount_cents: null, href: '/admin/audit-log' })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
