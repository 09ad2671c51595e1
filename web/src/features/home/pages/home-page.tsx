import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { HeroSearch } from '../components/hero-search.tsx';
import './home.css';

/**
 * The home page: the hero and its search, then `below`, the sections the app composes from the races and
 * what the visitor can do (components/home-sections.tsx, in a chunk of its own so the first load stays small).
 */
export function HomePage({ below }: { below?: ReactNode }) {
  useDocumentTitle('Find endurance races');
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">Running · Trail · Triathlon · Cycling · Obstacle · Ultra</p>
          <h1 id="hero-title" className="hero__title">
            Find your next <span className="hero__accent">finish line</span>
          </h1>
          <p className="hero__tagline">Find races, get AI-powered coaching, and share your experiences.</p>
          <HeroSearch />
        </div>
      </section>
      {below}
    </>
  );
}
