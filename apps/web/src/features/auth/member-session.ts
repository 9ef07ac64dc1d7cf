/**
 * The signed-in member's session around the login machine: the ticket check (retried through network blips),
 * what a login opens (the stored session, the alert socket, the member's info, the images chosen at sign-up) and
 * what a logout closes (the ticket revoked, the stored session cleared, the wallet let go).
 */
import { ReturnCode } from '@att/shared';
import { i18n } from '../../i18n';
import { api, queryClient, type UploadKind, uploadUserImage } from '../../lib/api';
import { clearSession, sessionStore, updateSession } from '../../lib/session';
import { alertSocket } from '../alerts';
import { popups } from '../popups';
import { releaseWallet } from '../wallet';
import { authQueries, fetchUserInfo, forgetUserInfo, reloadUserInfo } from './auth-queries';
import { removePendingImage, takePendingImage } from './pending-images';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Failures that say nothing about the ticket: the network, the server or its rate limit. */
const TRANSIENT = new Set<number>([ReturnCode.HttpTrouble, ReturnCode.ApiLimited]);

/**
 * /ticket/check, asked again (up to 3 times, 1 s then 2 s apart) while the failure is transient: a network blip
 * on a reload must not throw away a good ticket (that would ask for a new signature and send the member away
 * from a members-only page). Only the server's verdict on the ticket itself ends it.
 */
export async function checkTicket(body: { address: string; id: string; ticketId: string }, current: () => boolean) {
  let r = await api('/ticket/check', body);
  for (let attempt = 1; attempt < 3 && TRANSIENT.has(r.returnCode) && current(); attempt++) {
    await sleep(1000 * attempt);
    if (!current()) break;
    r = await api('/ticket/check', body);
  }
  return r;
}

/** A login completed: store the wallet, open the alert socket, read the member's info, upload pending images. */
export async function openMemberSession(address: string): Promise<void> {
  updateSession({ address, walletEnabled: true });
  const s = sessionStore.get();
  if (!s.id || !s.ticket) return;
  const { id, ticket } = s;
  alertSocket.connect(address, { id, ticket });
  const info = await queryClient
    .fetchQuery({ ...authQueries.userInfo(id, ticket), queryFn: () => fetchUserInfo(id, ticket) })
    .catch(() => null);
  if (info) updateSession({ profileImage: info.profile });
  await uploadPendingImages(address, { id, ticket });
}

async function uploadPendingImages(address: string, auth: { id: string; ticket: string }) {
  let uploaded = false;
  for (const kind of ['profile', 'banner'] as UploadKind[]) {
    const blob = await takePendingImage(address, kind).catch(() => null);
    if (!blob) continue;
    const r = await uploadUserImage(kind, auth, blob);
    if (r.returnCode === 0) {
      uploaded = true;
      await removePendingImage(address, kind);
    } else console.error(`[auth] pending ${kind} upload failed: ${r.returnCode}`);
  }
  if (uploaded) {
    await reloadUserInfo();
    popups.ok(i18n.t('auth:pendingImages.done'));
  }
}

/** Another tab ended the session (and revoked the ticket): drop this tab's copies, keep the wallet state. */
export function dropMemberSession(): void {
  alertSocket.close();
  forgetUserInfo();
}

/** Logout: revoke the ticket (when asked), clear the stored session and member data, close the socket, let the wallet go. */
export async function closeMemberSession(revoke: boolean): Promise<void> {
  const s = sessionStore.get();
  alertSocket.close();
  if (revoke && s.id && s.ticket) await api('/ticket/logout', { id: s.id, ticketId: s.ticket });
  clearSession();
  forgetUserInfo();
  await releaseWallet();
}
