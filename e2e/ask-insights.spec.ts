import { seriousA11yViolations } from './support/fixtures.ts';
import { createGuidebook, database, expect, expectSaved, readGuidebook, scrollingDone, test } from './fixtures/session.ts';

/**
 * docs/product/insights.md, "Questions guests asked" (docs/decisions/031 §13): the answered
 * questions per section and the ones not answered yet, as the ask route records them (written here
 * into the e2e server's database: the route is another slice); "Add the answer" opens the editor
 * with a new Additional info item and the question in a note never saved, and after the save
 * "Remove the question from the list". At 375 px (dark) and 1280 px (light).
 */
test('the host reads the questions guests asked and adds the answer to one', { tag: '@mobile' }, async ({ page, host }) => {
  // The insights, a delete, the editor and a save: more than one page's worth of steps.
  test.slow();
  expect(host.email).toBeTruthy();
  const guidebook = await createGuidebook(page, { nameInstruction: 'Harbour Loft' });
  const today = new Date().toISOString().slice(0, 10);
  database((db) => {
    const { team_id: teamId } = db.prepare('SELECT team_id FROM instructions WHERE id = ?').get(guidebook._id) as { team_id: string };
    const count = db.prepare("INSERT INTO guest_question_counts (team_id, guidebook_id, day, language, section, kind, count) VALUES (?, ?, ?, ?, ?, 'passages', ?)");
    count.run(teamId, guidebook._id, today, 'en', 'check-in', 14);
    count.run(teamId, guidebook._id, today, 'de', 'wifi', 9);
    const question = db.prepare('INSERT INTO guest_questions (id, team_id, guidebook_id, language, question, day, suggested_section, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    question.run(`${guidebook._id}-q1`, teamId, guidebook._id, 'de', 'Gibt es einen Föhn?', today, null, Date.now() - 1000);
    question.run(`${guidebook._id}-q2`, teamId, guidebook._id, 'en', 'Can we bring a dog?', today, 'rules', Date.now());
    question.run(`${guidebook._id}-q3`, teamId, guidebook._id, 'en', 'Where is the router?', today, 'wifi', Date.now() - 2000);
  });

  const mobile = test.info().project.name === 'mobile';
  if (mobile) await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/dashboard/insights/${guidebook._id}`);
  const block = page.getByRole('region', { name: 'Questions guests asked' });
  await expect(block).toContainText('Check-in steps: 14, Wi-Fi: 9');
  await expect(block).toContainText('23 answered from your guidebook');
  const rows = block.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(/Can we bring a dog\?en · \w{3} \d{1,2} \w{3} · maybe House rules/);
  await expect(rows.nth(1)).toContainText(/Gibt es einen Föhn\?de · \w{3} \d{1,2} \w{3}/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await block.scrollIntoViewIfNeeded();
  await block.screenshot({ path: `test-results/ask-insights-${test.info().project.name}.png` });

  // Delete one, after the confirmation.
  await rows.first().getByRole('button', { name: 'Delete the question “Can we bring a dog?”' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this question?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(2);

  // "Add the answer": no suggested section, so a new Additional info item, and the question beside it.
  await rows.first().getByRole('link', { name: 'Add the answer' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/${guidebook._id}\\?answer=${guidebook._id}-q1$`));
  const note = page.getByRole('complementary', { name: "The guest's question" });
  await expect(note).toContainText('A guest asked: Gibt es einen Föhn?');
  await expect(note).toContainText('This note is not saved with the guidebook.');
  const info = page.getByRole('list', { name: 'Additional info', exact: true }).locator(':scope > li');
  await expect(info).toHaveCount(1);
  await info.first().getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('A hair dryer is in the bathroom drawer.');
  await page.screenshot({ path: `test-results/ask-insights-editor-${test.info().project.name}.png` });
  await page.keyboard.press('ControlOrMeta+s');
  await expectSaved(page);
  const saved = await readGuidebook(page, guidebook._id);
  expect(JSON.stringify(saved)).not.toContain('Föhn');
  expect(saved.manualBoxes.map((box) => box.paragraph)).toEqual(['<p>A hair dryer is in the bathroom drawer.</p>']);
  const removeQuestion = note.getByRole('button', { name: 'Remove the question from the list' });
  // The save's toast sits over the bottom of the screen until it closes.
  await expect(page.getByRole('region', { name: /notifications/i }).getByText('Guidebook saved')).toBeHidden({ timeout: 10_000 });
  await removeQuestion.scrollIntoViewIfNeeded();
  await scrollingDone(page);
  await page.screenshot({ path: `test-results/ask-insights-saved-${test.info().project.name}.png` });
  await removeQuestion.click();
  await expect(note).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/dashboard/edit/${guidebook._id}$`));
  await page.goto(`/dashboard/insights/${guidebook._id}`);
  await expect(rows).toHaveCount(1);

  // With a suggested section: the editor goes to its card, and adds nothing.
  await rows.first().getByRole('link', { name: 'Add the answer' }).click();
  await expect(note).toContainText('A guest asked: Where is the router?');
  await expect(note).toContainText('Write the answer in Wi-Fi, then save.');
  await scrollingDone(page);
  await expect(page.getByRole('heading', { name: 'Wi-Fi', exact: true, level: 2 })).toBeInViewport();
  await expect(info).toHaveCount(1);
});
