import { useState } from 'react';
import type { CommandOf } from '../../rules/fundamental-duck/commands.ts';
import { NamedSelect } from '../components/NamedSelect.tsx';
import { type FdView, teamersOf } from './model.ts';

/**
 * Drawing an advanced weapon between missions (the ruleset's `issueWeapon`): a Teamer and one of
 * the weapons the pack marks advanced. The form is there even before the team has access, saying
 * so, and the rules refuse what they do not allow (no access yet, not an advanced weapon, one he
 * already carries, over the pack's number each) with their reason in the refusal banner.
 */

/** The pack's advanced weapons, by name. */
export function advancedWeapons(view: FdView): { id: string; name: string }[] {
  return Object.entries(view.rules.weapons)
    .filter(([, w]) => w.advanced)
    .map(([id, w]) => ({ id, name: w.name }));
}

/** Whether the team has taken the advancement that opens the advanced weapons. */
export function hasAccess(view: FdView): boolean {
  const taken = view.campaign?.advancements ?? [];
  return view.rules.pack.campaign.teamAdvancements.some(
    (a) => a.kind === 'advanced-weapons' && taken.includes(a.id),
  );
}

export function IssueWeapon({ view, run }: { view: FdView; run: (c: CommandOf<'issueWeapon'>) => void }) {
  const weapons = advancedWeapons(view);
  const alive = teamersOf(view).filter((t) => t.wounds < view.rules.pack.combat.teamerWounds.deadAt);
  const [weapon, setWeapon] = useState(weapons[0]?.id ?? '');
  const [teamerId, setTeamerId] = useState(alive[0]?.id ?? '');
  if (weapons.length === 0) return null;
  const each = view.rules.pack.campaign.advancedWeaponsEach;
  return (
    <div className="fd-buttons" data-testid="fd-issue-weapon">
      <NamedSelect label="Advanced weapon" items={weapons} value={weapon} onChange={setWeapon} />
      <NamedSelect label="for" items={alive} value={teamerId} onChange={setTeamerId} />
      <button
        type="button"
        disabled={!weapon || !teamerId}
        onClick={() => run({ type: 'issueWeapon', teamerId, weapon })}
        data-testid="fd-issue-weapon-button"
      >
        Draw it
      </button>
      <span className="fd-muted">
        {hasAccess(view)
          ? `up to ${each} each`
          : 'the team needs the access to advanced weapons (a team advancement) first'}
      </span>
    </div>
  );
}
