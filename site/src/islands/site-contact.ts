import type { PublicSiteSettings } from '../../../shared/settings-mail.ts';
import { apiFetch } from '../lib/api.ts';
import { mountWhenIdle } from './dom.ts';

/**
 * The "Reach us" panel of /contact (markup in pages/contact.astro): the site's name, contact email,
 * phone and support address as the admin set them at /admin/settings (GET /api/site-settings).
 * Shown once read; the page is complete without it.
 */
function mountSiteContact(root: HTMLElement): void {
  void apiFetch<PublicSiteSettings>('/api/site-settings').then(
    (site) => {
      const set = (name: string, value: string | null, href?: string) => {
        const row = root.querySelector<HTMLElement>(`[data-site="${name}"]`);
        if (!row) return;
        row.hidden = !value;
        const target = row.querySelector<HTMLElement>('[data-value]') ?? row;
        target.textContent = value ?? '';
        if (href && target instanceof HTMLAnchorElement) target.href = href;
      };
      set('name', `Reach ${site.site_name}`);
      set('email', site.contact_email, `mailto:${site.contact_email}`);
      set('phone', site.contact_phone, site.contact_phone ? `tel:${site.contact_phone.replace(/[^+\d]/g, '')}` : undefined);
      set('address', site.support_address);
      root.hidden = false;
    },
    () => undefined,
  );
}

mountWhenIdle('[data-island="site-contact"]', mountSiteContact);
