/**
 * The username's character rule, with the reason it gives. Only the join page loads it in the browser (it says the
 * reason while the name is typed), so it is kept out of ./account-messages.ts, which every page's JavaScript loads.
 */
const USERNAME_ALLOWED = "use only lowercase letters a–z, digits, hyphen (-) or underscore (_)";

/** A character as a refusal names it: "spaces", or the character in quotes. */
const named = (c: string) => (/\s/.test(c) ? "spaces" : `“${c}”`);

/**
 * Why a username is refused for its characters, naming them ("A username cannot contain spaces: …"), or null. It
 * reads the name as it is kept (trimmed and lowercased: capitals are not a reason), and is shared by the server's
 * rule (./account-validation.ts) and the join page, which says it while the name is typed.
 */
export function usernameCharacterProblem(typed: string): string | null {
  const name = typed.trim().toLowerCase();
  const bad = [...new Set([...name].filter((c) => !/[a-z0-9_-]/.test(c)).map(named))];
  if (bad.length > 0) {
    const list = bad.length === 1 ? bad[0] : `${bad.slice(0, -1).join(", ")} or ${bad.at(-1)}`;
    return `A username cannot contain ${list}: ${USERNAME_ALLOWED}.`;
  }
  if (/^[_-]/.test(name)) return `A username must start with a letter or digit, not “${name[0]}”.`;
  return null;
}
