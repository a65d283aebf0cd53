import { getBindings } from "../context";
import type { Route } from "./+types/miinad";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Donate | Nishnaabemwin" }];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getBindings(context);
  return {
    siteName: env.SITE_NAME || "Nishnaabemwin",
    ownerName: env.OWNER_NAME || "the site's keeper",
    tiers: [
      { name: "Copper", amount: 3, href: env.DONATE_COPPER_URL },
      { name: "Silver", amount: 7, href: env.DONATE_SILVER_URL },
      { name: "Gold", amount: 15, href: env.DONATE_GOLD_URL },
    ],
  };
}

export default function Miinad({ loaderData }: Route.ComponentProps) {
  const { siteName, ownerName, tiers } = loaderData;
  return (
    <section className="page">
      <h1>{`Giving to ${siteName}`}</h1>
      <blockquote className="owner-message">
        <p>
          This site took many, many hours to build, and it keeps growing. Any contribution helps keep it running and
          helps more people learn the language. Miigwech!
        </p>
        <footer>— {ownerName}</footer>
      </blockquote>
      <ul className="tiers" aria-label="Donation tiers">
        {tiers.map((tier) => (
          <li key={tier.name} className={`tier tier-${tier.name.toLowerCase()}`}>
            <h2>{tier.name}</h2>
            <p className="tier-amount">{`$${tier.amount}`}</p>
            <a className="button" href={tier.href} target="_blank" rel="noopener noreferrer">
              {`Give $${tier.amount}`}
              <span className="visually-hidden">{` (${tier.name}, opens in a new tab)`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
