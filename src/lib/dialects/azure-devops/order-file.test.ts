import { expect, test } from 'vitest';
import { folderOrder } from './order-file.ts';

test("an Azure DevOps wiki's .order file gives its folder's pages their places; blank lines and paths are skipped", () => {
  expect([...folderOrder('Team-Guide/.order', 'Onboarding\r\n\r\nDeploy-Process\n../Escape\nOnboarding\n')]).toEqual([
    ['Team-Guide/Onboarding.md', 1],
    ['Team-Guide/Deploy-Process.md', 2],
  ]);
  expect([...folderOrder('.order', 'Home\n')]).toEqual([['Home.md', 1]]);
});
