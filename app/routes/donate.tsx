import { getBindings } from "../context";
import type { Route } from "./+types/donate";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Donate | Nishnaabemwin" }];

export function loader({ context }: Route.LoaderArgs) {
  const { config } = getBindings(context);
  return {
    siteName: config.siteName,
    ownerName: config.ownerName,
    tiers: [
      { name: "Copper", amount: 3, href: config.donate.copper },
      { name: "Silver", amount: 7, href: config.donate.silver },
      { name: "Gold", amount: 15, href: config.donate.gold },
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
          This site took many, many hours to build, and it keeps growing. Any contribution helps keep it running and helps more people learn the language.
          Miigwech!
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
