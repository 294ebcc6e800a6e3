// E2E (issue 12, item 9, model switch) in real Chromium against `floe web`: the composer's model picker and
// `/model` switch the session's model between turns; the next request goes to the new model; the switch shows in
// the transcript as a note and in the trace timeline as a row; `/model` alone lists the models; an unknown name is
// refused naming the choices.
import { beforeAll, describe, expect, it } from 'vitest';
import { openProject, startEnv, stopAfterAll, type Env } from './harness.js';

let env: Env;

beforeAll(async () => {
  env = await startEnv(
    { question: (_phase, prompt) => ({ reply: { text: `answer to ${prompt}` } }) },
    { moreModels: [{ id: 'm2', vision: true }] },
  );
}, 60_000);

stopAfterAll(() => env, 'composer-model');

describe('composer model switch', () => {
  it('picker and /model switch the next turn’s model, traced as a note; unknown names are refused', async () => {
    const { page } = env;
    await openProject(page, env.home.workspace);
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByRole('button', { name: 'New session' }).click();
    const box = page.getByLabel('Prompt');
    const picker = page.getByLabel('Session model');
    const send = async (prompt: string) => {
      await box.fill(prompt);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(`answer to ${prompt}`).waitFor();
      await expect.poll(() => page.getByTestId('session-status').textContent()).not.toBe('running');
    };

    await send('question one');
    expect(env.model.requests.at(-1)!.body.model).toBe('m1');

    await picker.selectOption('mock/m2');
    await page.getByText('Model switched to mock/m2 (was mock/m1)').waitFor();
    await expect.poll(() => picker.inputValue()).toBe('mock/m2');
    await send('question two');
    expect(env.model.requests.at(-1)!.body.model).toBe('m2');
    expect(JSON.stringify(env.model.requests.at(-1)!.body.messages)).toContain('answer to question one');

    await box.fill('/model');
    await page.keyboard.press('Enter');
    const models = page.getByRole('list', { name: 'Models' });
    await models.waitFor();
    expect(await models.getByRole('listitem').allTextContents()).toEqual(['mock/m1', 'mock/m2 (current)']);

    await box.fill('/model nope');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Unknown model "nope". Choose one of: mock/m1, mock/m2.').waitFor();
    expect(await box.inputValue()).toBe('/model nope');

    await box.fill('/model m1');
    await page.keyboard.press('Enter');
    await page.getByText('Model switched to mock/m1 (was mock/m2)').waitFor();
    await expect.poll(() => picker.inputValue()).toBe('mock/m1');
    await send('question three');
    expect(env.model.requests.at(-1)!.body.model).toBe('m1');

    // the trace timeline shows both switches as rows
    await page.getByRole('button', { name: 'Traces', exact: true }).click();
    await page.getByRole('button', { name: /Open trace of question one/ }).click();
    await page.getByRole('row').filter({ hasText: 'model switched to mock/m2 (was mock/m1)' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'model switched to mock/m1 (was mock/m2)' }).waitFor();
  });
});
