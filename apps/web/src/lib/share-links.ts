/** Share targets of the share menus (a profile's and an item's public link): twitter, telegram, facebook. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const tx = encodeURIComponent(text);
  return {
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${tx}`,
    telegram: `https://t.me/share/url?url=${u}&text=${tx}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}
