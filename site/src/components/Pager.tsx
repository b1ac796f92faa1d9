/**
 * Previous / Page n of m / Next for the islands' paged lists, shown only when there is more than one
 * page. With `ends`, First and Last too: the lists the API pages by keyset read their last page
 * from the list's other end, as cheaply as the first.
 */
export function Pager({
  page,
  pageCount,
  onPage,
  label = 'Pagination',
  className = 'admin-pagination',
  small = false,
  ends = false,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
  className?: string;
  small?: boolean;
  ends?: boolean;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const button = small ? 'btn btn-secondary btn-sm' : 'btn btn-secondary';
  const showEnds = ends && pageCount > 2;
  return (
    <nav className={className} aria-label={label}>
      {showEnds && (
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(1)}>
          First
        </button>
      )}
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page.toLocaleString('en-US')} of {Math.max(page, pageCount).toLocaleString('en-US')}
      </span>
      <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
      {showEnds && (
        <button type="button" className={button} disabled={page >= pageCount} onClick={() => onPage(pageCount)}>
          Last
        </button>
      )}
    </nav>
  );
}
