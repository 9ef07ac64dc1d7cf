/**
 * The e-mail each wallet signed up with in this browser. `/user/exist` tells anyone who asks about an address
 * only a masked e-mail (`a***@example.com`); the member who typed it here sees it in full in the mail-sent popup
 * when they come back, so they can tell whether it is mistyped. Kept until the e-mail is verified.
 */
const KEY = 'att.signUpEmails';

function read(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(map: Record<string, string>) {
  try {
    if (Object.keys(map).length) localStorage.setItem(KEY, JSON.stringify(map));
    else localStorage.removeItem(KEY);
  } catch {
    // no storage: the popup shows what the server said
  }
}

export function rememberSignUpEmail(address: string, email: string) {
  write({ ...read(), [address.toLowerCase()]: email });
}

export function forgetSignUpEmail(address: string) {
  const { [address.toLowerCase()]: _, ...rest } = read();
  write(rest);
}

/** The e-mail to show: the one typed here when the server's (masked or not) is that address, else the server's. */
export function signUpEmailToShow(address: string, fromServer: string): string {
  const typed = read()[address.toLowerCase()];
  if (!typed) return fromServer;
  if (typed === fromServer) return typed;
  const at = typed.lastIndexOf('@');
  const masked = at > 0 ? `${typed[0]}***${typed.slice(at)}` : null;
  return masked === fromServer ? typed : fromServer;
}
