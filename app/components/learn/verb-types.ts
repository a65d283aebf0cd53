/** The four verb types of /aambe/verbs with docs/product.md §9's form counts and difficulty labels. */
export const VERB_TYPES = [
  {
    code: "VAI",
    name: "Animate intransitive",
    about: "Verbs with an animate subject (a person or animal) and no object, like “to leave”.",
    basic: 9,
    total: 42,
    difficulty: "MEDIUM",
    start: "/aambe/verbs/vai",
  },
  {
    code: "VII",
    name: "Inanimate intransitive",
    about: "Verbs with an inanimate subject and no object, like “to be night”.",
    basic: 4,
    total: 12,
    difficulty: "EASY",
    start: null,
  },
  {
    code: "VTA",
    name: "Transitive animate",
    about: "Verbs whose object is animate, like “to see someone”. The ending shows both subject and object.",
    basic: 39,
    total: 176,
    difficulty: "HARD",
    start: null,
  },
  {
    code: "VTI",
    name: "Transitive inanimate",
    about: "Verbs whose object is inanimate, like “to know something”.",
    basic: 16,
    total: 58,
    difficulty: "MEDIUM",
    start: null,
  },
] as const;
