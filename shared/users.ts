import type { PublicBadge } from '../worker/src/domain/permissions.ts';

/** What the API answers and the site reads of worker/src/services/users.ts (decision 0054). */

/** A user as the API answers it (snake_case, role as an array). */
export interface UserView {
  id: number;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  bio: string;
  profile_image_url: string | null;
  role: string[];
  role_mappings: { id: number; role: string }[];
  is_admin: boolean;
  subscription_tier: string;
  subscription_plan: string | null;
  subscriptionPlan: string | null;
  subscription_status: string | null;
  subscription_expires_at: string | null;
  is_active: boolean;
  created_at: string;
}

/** What anyone may see of a user (the public profile page): no email, no role list, only public badges. */
export interface PublicUserView {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  profile_image_url: string | null;
  badges: PublicBadge[];
}
