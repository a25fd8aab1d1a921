import { describe, expect, it } from 'vitest';
import { gameScreen, type SystemPanelProps } from './systems.tsx';

function Screen(_props: SystemPanelProps) {
  return null;
}

describe('gameScreen', () => {
  it('imports its module once, however often it is asked, and then holds the component', async () => {
    let imports = 0;
    const screen = gameScreen(async () => {
      imports++;
      return Screen;
    });
    expect(screen.loaded).toBeNull();
    const [a, b] = await Promise.all([screen.load(), screen.load()]);
    expect(a).toBe(Screen);
    expect(b).toBe(Screen);
    expect(await screen.load()).toBe(Screen);
    expect(screen.loaded).toBe(Screen);
    expect(imports).toBe(1);
  });

  it('tries the import again after a failed one, and stays unloaded until one succeeds', async () => {
    let imports = 0;
    const screen = gameScreen(async () => {
      imports++;
      if (imports === 1) throw new Error('chunk lost');
      return Screen;
    });
    await expect(screen.load()).rejects.toThrow('chunk lost');
    expect(screen.loaded).toBeNull();
    expect(await screen.load()).toBe(Screen);
    expect(screen.loaded).toBe(Screen);
    expect(imports).toBe(2);
  });
});
