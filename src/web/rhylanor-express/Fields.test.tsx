import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { byId, Choice, named, RunButton } from './Fields.tsx';
import { Recording } from './test-kit.tsx';

describe('shared form rows', () => {
  it('a controlled choice marks its value, an uncontrolled one starts on the first option', () => {
    const controlled = renderToStaticMarkup(
      <Choice label="Medic" name="medic" options={named(['Ana', 'Bo'])} value="Bo" onChange={() => {}} />,
    );
    expect(controlled).toContain('<option value="Bo" selected="">Bo</option>');
    const free = renderToStaticMarkup(
      <Choice label="Side" name="side" options={byId([{ id: 'a', name: 'Crew' }])} />,
    );
    expect(free).toContain('<option value="a" selected="">Crew</option>');
    expect(free).toContain('name="side"');
  });

  it('a command button is disabled while another command is on its way, or when told', () => {
    const idle = renderToStaticMarkup(
      <Recording>
        <RunButton command={{ type: 'session.end' }}>End</RunButton>
      </Recording>,
    );
    expect(idle).not.toContain('disabled');
    const busy = renderToStaticMarkup(
      <Recording busy>
        <RunButton command={{ type: 'session.end' }}>End</RunButton>
      </Recording>,
    );
    expect(busy).toContain('disabled');
    const off = renderToStaticMarkup(
      <Recording>
        <RunButton command={{ type: 'session.end' }} disabled>
          End
        </RunButton>
      </Recording>,
    );
    expect(off).toContain('disabled');
  });
});
