import type { LinkBase } from '../link-base.ts';

/** Says which address the links above use, and warns when no other device can open them. */
export function LinkAddressNote({ base }: { base: LinkBase }) {
  const host = new URL(base.origin).host;
  if (base.localOnly)
    return (
      <div className="note link-address" role="status" data-local-only="true">
        <p>
          <strong>These links only work on this computer</strong> ({host}). To let phones and other computers
          join, open this page at this computer's network address, or restart the server with{' '}
          <code>HOST=0.0.0.0</code> (it then finds its address on your network) or <code>PUBLIC_URL</code> set
          to the address others can reach.
        </p>
      </div>
    );
  return (
    <p className="muted link-address" data-local-only="false">
      Links use <strong>{host}</strong>
      {base.fromServer ? ", this server's address for other devices" : ''}: phones and computers on the same
      network open them there.
    </p>
  );
}
