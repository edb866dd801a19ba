/** A run's status as a coloured word (with the failure's reason as its title). */
export function StatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  return (
    <span class={`badge badge-${status}`} title={reason ?? undefined} data-status={status}>
      {status}
      {reason ? `: ${reason.length > 60 ? `${reason.slice(0, 60)}…` : reason}` : ""}
    </span>
  );
}
