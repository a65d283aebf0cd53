/** SHA-256 of a text (UTF-8) or of bytes, as lowercase hex (WebCrypto: the same in workerd, Node and browsers). */
export async function sha256Hex(data: string | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
