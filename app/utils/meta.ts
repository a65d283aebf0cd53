/** The site's default description, for pages without a more specific one (search engines show it). */
export const SITE_DESCRIPTION = {
  name: "description",
  content: "Learn Nishnaabemwin (Odawa, Eastern Ojibwe): lessons, words with audio, stories and a verb conjugator.",
} as const;
