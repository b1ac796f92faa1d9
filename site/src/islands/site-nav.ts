/**
 * The header's menu button on narrow screens (WAI-ARIA disclosure pattern): it shows and hides
 * the main navigation (`aria-controls`), which the stylesheet hides behind it below 52rem.
 * Opening moves focus to the first link; Escape, a click outside, leaving the menu with Tab or
 * following a link close it, and Escape returns focus to the button. On wider screens the button
 * is not displayed and the navigation is always shown, so the state is simply reset.
 */
export function mountSiteNav(button: HTMLElement): () => void {
  const nav = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const header = button.closest('header');
  if (!nav || !header) return () => undefined;
  const wide = window.matchMedia('(min-width: 52.01rem)');

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean, focus: 'first-link' | 'button' | null = null) => {
    button.setAttribute('aria-expanded', String(open));
    header.toggleAttribute('data-nav-open', open);
    if (focus === 'first-link') nav.querySelector<HTMLElement>('a[href]')?.focus();
    else if (focus === 'button') button.focus();
  };

  const onClick = () => setOpen(!isOpen(), isOpen() ? null : 'first-link');
  const onKeydown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && isOpen()) {
      e.preventDefault();
      setOpen(false, 'button');
    }
  };
  const onPointerDown = (e: PointerEvent) => {
    const target = e.target as Node;
    if (isOpen() && !nav.contains(target) && !button.contains(target)) setOpen(false);
  };
  const onFocusOut = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (isOpen() && next && !nav.contains(next) && !button.contains(next)) setOpen(false);
  };
  const onNavClick = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };
  const onWide = () => {
    if (wide.matches) setOpen(false);
  };

  button.addEventListener('click', onClick);
  header.addEventListener('keydown', onKeydown);
  header.addEventListener('focusout', onFocusOut);
  nav.addEventListener('click', onNavClick);
  document.addEventListener('pointerdown', onPointerDown);
  wide.addEventListener('change', onWide);
  return () => {
    button.removeEventListener('click', onClick);
    header.removeEventListener('keydown', onKeydown);
    header.removeEventListener('focusout', onFocusOut);
    nav.removeEventListener('click', onNavClick);
    document.removeEventListener('pointerdown', onPointerDown);
    wide.removeEventListener('change', onWide);
  };
}
