/** The 'Load more' button under a paged list; says so while the next page loads. */
export function LoadMore({ busy, onClick }: { busy: boolean; onClick(): void }) {
  return (
    <div className="load-more">
      <button type="button" className="button" onClick={onClick} disabled={busy} aria-busy={busy}>
        {busy ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
