import type { PublicUserView, UserView } from '../../../worker/src/services/users.ts';
import { queryLayer } from './query-lazy.ts';

/** /profile/{userId}: a member's public profile (the account itself and ADMIN get the whole account). */
export type ProfileView = PublicUserView | UserView;

/** GET /api/users/{id} through the query layer (decision 0018); throws the ApiError of a failure. */
export async function loadPublicProfile(id: number): Promise<ProfileView> {
  const q = await queryLayer();
  return q.read<ProfileView>(`/api/users/${id}`);
}
