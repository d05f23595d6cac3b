import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from "react";

type SetName = (name: string | null) => void;

const SetNameContext = createContext<SetName | null>(null);
const NameContext = createContext<string | null>(null);

/**
 * Holds the name the open page gave itself (a document's title, a category's name…) for the
 * layout's <title>. The page below is passed in as `children`, so a new name re-renders only the
 * readers of usePageName, not the page.
 */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [name, setName] = useState<string | null>(null);
  return createElement(SetNameContext, { value: setName }, createElement(NameContext, { value: name }, children));
}

/** The open page's own name, or null (still loading, or a page named by its route). */
export function usePageName(): string | null {
  return useContext(NameContext);
}

/**
 * Names the open page in the browser's title ("name - site title"); an empty or missing name
 * (still loading) leaves the route's title. The name is dropped when the page goes away.
 */
export function usePageTitle(name: string | null | undefined): void {
  const setName = useContext(SetNameContext);
  const value = name?.trim() || null;
  useEffect(() => {
    if (!setName) return;
    setName(value);
    return () => setName(null);
  }, [setName, value]);
}
