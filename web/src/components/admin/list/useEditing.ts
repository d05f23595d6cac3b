import { useState } from "react";

/**
 * What a form drawer edits (null: closed), and a key that changes on every opening: a drawer keyed
 * by it gets a new form store each time, so the last item's values never carry over.
 */
export function useEditing<T>(): { edit: T | null; open: (next: T) => void; close: () => void; key: number } {
  const [state, setState] = useState<{ edit: T | null; key: number }>({ edit: null, key: 0 });
  return {
    edit: state.edit,
    key: state.key,
    open: (next) => setState((s) => ({ edit: next, key: s.key + 1 })),
    close: () => setState((s) => ({ ...s, edit: null })),
  };
}
