/** Share the item (spec 3): twitter, telegram, facebook, and copy link; the link carries the sharer's referral code. */
import { ShareMenu as Share } from '../../features/social/ShareMenu';

export function ShareMenu({ productId, name }: { productId: number; name: string }) {
  return (
    <Share
      path={`/NftInfo/${productId}`}
      text={name}
      testId="item-share"
      entryTestId="item-share"
      ns="itemDetail"
      triggerClassName="btn btn-outline btn-sm"
    />
  );
}
