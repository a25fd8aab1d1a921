import type { KeyboardEvent, MouseEvent } from 'react';
import {
  CONE,
  metresAt,
  nudge,
  SIZE,
  type SketchInput,
  sketchLayout,
  sketchSummary,
} from './blast-sketch.ts';

/**
 * The blast (or spread) drawn: the impact with its full- and half-damage rings, and each person
 * marked near it at their distance. Clicking the sketch stands the person being placed at that
 * distance; from the keyboard the sketch is then a slider (arrows move the person out or in). It
 * is a picture of the list beside it, which stays the way to read and set every distance; the
 * sketch's own label says what it shows.
 */

/** The scale bar's length in drawing units. */
const BAR = 50;

export function BlastSketch({
  input,
  placing,
  onPlace,
}: {
  input: SketchInput;
  /** The person a click (or an arrow key) places, if any, and their distance so far. */
  placing: { readonly name: string; readonly metres: number | null } | null;
  onPlace: (metres: number) => void;
}) {
  const layout = sketchLayout(input);
  const click = (ev: MouseEvent<SVGSVGElement>) => {
    if (!placing) return;
    const box = ev.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = ((ev.clientX - box.left) / box.width) * SIZE;
    const y = ((ev.clientY - box.top) / box.height) * SIZE;
    onPlace(metresAt(layout, x, y));
  };
  const key = (ev: KeyboardEvent<SVGSVGElement>) => {
    if (!placing) return;
    const metres = nudge(placing.metres ?? 0, ev.key, ev.shiftKey);
    if (metres === null) return;
    ev.preventDefault();
    onPlace(metres);
  };
  const o = layout.origin;
  const summary = sketchSummary(layout, input.radius);
  const mark = placing ? layout.marks.find((m) => m.name === placing.name) : undefined;
  const share = mark?.share && mark.share !== 'none' ? `${mark.share} damage` : 'clear';
  return (
    <figure className="eu-sketch" data-testid="blast-sketch">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        onClick={click}
        onKeyDown={key}
        className={placing ? 'eu-sketch-placing' : undefined}
        {...(placing
          ? {
              role: 'slider',
              tabIndex: 0,
              'aria-label': `Distance of ${placing.name} on the sketch. ${summary}`,
              'aria-valuemin': 0,
              'aria-valuemax': Math.round(layout.metresShown * 10) / 10,
              'aria-valuenow': placing.metres ?? 0,
              'aria-valuetext': `${placing.metres ?? 0} m, ${share}`,
            }
          : { role: 'img', 'aria-label': summary })}
      >
        <title>{summary}</title>
        {layout.area === 'spread'
          ? // The cone: 25° either side of straight ahead, out to the weapon's reach.
            layout.zones.map((z) => (
              <path
                key={z.share}
                className="eu-zone eu-zone-full"
                d={`M ${o.x} ${o.y} L ${o.x - z.r * Math.sin(CONE)} ${o.y - z.r * Math.cos(CONE)} A ${z.r} ${z.r} 0 0 1 ${o.x + z.r * Math.sin(CONE)} ${o.y - z.r * Math.cos(CONE)} Z`}
              />
            ))
          : layout.zones.map((z) => (
              <circle key={z.share} className={`eu-zone eu-zone-${z.share}`} cx={o.x} cy={o.y} r={z.r} />
            ))}
        <circle className="eu-impact" cx={o.x} cy={o.y} r={3} />
        {layout.marks
          .filter((m) => m.metres !== null)
          .map((m) => (
            <g key={m.id} data-id={m.id} className={`eu-mark eu-mark-${m.share ?? 'none'}`}>
              <circle cx={m.x} cy={m.y} r={4} />
              <text x={m.x + 6} y={m.y + 3}>
                {m.name.length > 14 ? `${m.name.slice(0, 13)}…` : m.name}
                {m.beyond ? ' →' : ''}
              </text>
            </g>
          ))}
        {/* The scale: how far the sketch reaches from the impact (or the shooter). */}
        <line className="eu-scale" x1={6} y1={10} x2={6 + BAR} y2={10} />
        <text className="eu-scale-text" x={8} y={22}>
          {Math.round((BAR / layout.scale) * 10) / 10} m
        </text>
      </svg>
      <figcaption className="eu-muted">
        {placing
          ? `Click the sketch to stand ${placing.name} there, or use the arrow keys on it.`
          : 'Where each person stands is drawn at their distance; the bearing is only for the picture.'}
      </figcaption>
    </figure>
  );
}
