/** Previous / Page n of m / Next for the islands' paged lists, shown only when there is more than one page. */
export function Pager({
  page,
  pageCount,
  onPage,
  label = 'Pagination',
  className = 'admin-pagination',
  small = false,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
  className?: string;
  small?: boolean;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const button = small ? 'btn btn-secondary btn-sm' : 'btn btn-secondary';
  return (
    <nav className={className} aria-label={label}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {Math.max(page, pageCount)}
      </span>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
