import type { CoverStage } from '../../rules/fundamental-duck/chicken.ts';
import { percent } from './fire.ts';

/**
 * What a chicken's nerve will do when he ends his move (12), in words, beside the board's line:
 * where it walks him, and for each step down off an obstacle on the way (9.2) the chance its
 * fumble test passes (the rules' own `coverWay` numbers: the preview cannot know how it falls).
 */
export function CoverNote({
  walk,
  w,
  there,
}: {
  walk: readonly CoverStage[] | null;
  w: number;
  there: boolean;
}) {
  const last = walk?.at(-1);
  if (!walk || !last || walk.length < 2) return null;
  const downs = walk.filter((s) => s.stepDownPass !== undefined);
  return (
    <p className="fd-chicken-note" data-testid="fd-chicken-walk">
      A chicken: ending his move {there ? 'there' : 'here'}, his nerve walks him on to ({last.square % w},
      {Math.floor(last.square / w)}) for {last.spent} more point(s), to keep a comrade between himself and the
      Threats.
      {downs.map((s) => (
        <span key={s.square} data-testid="fd-chicken-step-down">
          {' '}
          A step down off an obstacle to ({s.square % w},{Math.floor(s.square / w)}): fumble test,{' '}
          {percent(s.stepDownPass as number)} to pass (failed: a stress chit and 1 more point; too few points
          left, he stops short).
        </span>
      ))}
    </p>
  );
}
