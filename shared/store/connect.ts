/** What the API answers and the site reads of worker/src/services/store/connect.ts (decision 0054). */

export interface ConnectStatus {
  account_id: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  test_mode: boolean;
}

export interface TestOnboardingView {
  account_id: string;
  store_name: string;
  email: string | null;
  payouts_enabled: boolean;
  return_url: string;
}
