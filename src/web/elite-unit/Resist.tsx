import { saveChance } from '../../rules/elite-unit/odds.ts';
import { effectiveValue } from '../../rules/elite-unit/rules/effective.ts';
import { words } from './describe-event.ts';
import { isWhole, nameOf, percent, type SeatRef, type View } from './model.ts';
import { useRunner } from './runner.tsx';
import { isMyMove } from './your-move.ts';

/**
 * The target's prompt when a spell (Drain Will, Spell Scramble) calls for a save: roll it, or give
 * it up, with the exact chance of holding (the ruleset's saveChance on the sheet's effective
 * value). Shown only to the seat that must answer, as the defend prompt is.
 */
export function ResistPrompt({ view, seat }: { view: View; seat: SeatRef }) {
  const r = useRunner();
  const ps = view.pendingSave;
  const move = view.move;
  if (!ps || move?.kind !== 'save' || !isMyMove(move, seat)) return null;
  const c = view.characters[ps.targetId];
  if (!c || !isWhole(c)) return null;
  const spell = view.pack.spells.find((s) => s.id === ps.spell);
  const attribute = view.pack.attributes.find((a) => a.id === ps.attribute)?.name ?? words(ps.attribute);
  const target = effectiveValue(c, view.pack, ps.attribute);
  return (
    <section
      className="eu-card eu-defend"
      aria-label={`Resist ${spell?.name ?? words(ps.spell)}`}
      data-testid="resist"
    >
      <h3>
        {nameOf(view, ps.casterId)} casts {spell?.name ?? words(ps.spell)} on {c.name}
      </h3>
      <p>
        {c.name} saves on {attribute}: a d20 under <strong data-testid="save-target">{target}</strong> holds
        (a 20 rolls again and adds). The save holds{' '}
        <strong data-testid="save-chance">{percent(saveChance(target))}</strong>
        {spell?.effect === 'drain' && spell.drain
          ? `; a failure costs ${spell.drain.amount} ${words(spell.drain.attribute)}.`
          : spell?.effect === 'scramble'
            ? `; a failure scrambles ${c.name}’s next spell.`
            : '.'}
      </p>
      <div className="eu-form">
        <button
          type="button"
          disabled={r.busy}
          onClick={() => void r.run({ type: 'resist', targetId: c.id })}
        >
          Roll the save
        </button>
        <button
          type="button"
          className="ghost"
          disabled={r.busy}
          onClick={() => void r.run({ type: 'resist', targetId: c.id, waive: true })}
        >
          Give up the save
        </button>
      </div>
    </section>
  );
}
