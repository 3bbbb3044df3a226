import { type RefObject, useEffect, useState } from 'react';

/** The width / height of an element, kept up to date as the window changes; `fallback` until measured. */
export function useAspect(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [aspect, setAspect] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) setAspect(width / height);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return aspect;
}
