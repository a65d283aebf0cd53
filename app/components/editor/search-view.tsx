import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * The editor's Words and Sentences views: a GET search form, then the product reference's states — 'Enter text to search' before a
 * search, 'No results', or the rows (rendered by `children`) and 'N more results'.
 */
export function EditorSearchView<Row>({
  className,
  title,
  inputId,
  label,
  placeholder,
  maxLength,
  q,
  result,
  children,
}: {
  className: string;
  title: string;
  inputId: string;
  label: string;
  placeholder: string;
  maxLength: number;
  q: string;
  result: { rows: Row[]; more: number } | null;
  /** Renders the rows; called only when there are some. */
  children: (rows: Row[]) => ReactNode;
}) {
  return (
    <section className={className}>
      <h1>{title}</h1>
      <Form method="get" role="search" aria-label={label} className="editor-filter">
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input id={inputId} name="q" type="search" placeholder={placeholder} defaultValue={q} maxLength={maxLength} autoComplete="off" />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <div aria-live="polite">
        {!result ? (
          <p>Enter text to search</p>
        ) : result.rows.length === 0 ? (
          <p>No results</p>
        ) : (
          <>
            {children(result.rows)}
            {result.more > 0 ? <p>{result.more} more results</p> : null}
          </>
        )}
      </div>
    </section>
  );
}
