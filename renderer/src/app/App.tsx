// The app shell: top bar (navigation, pending-approvals badge, connection state) and the current screen. Must
// not hold feature logic.
import { useEffect } from 'react';
import { useApprovals } from '../features/approvals/store.js';
import { PendingList } from '../features/approvals/PendingList.js';
import { ChatScreen } from '../features/chat/ChatScreen.js';
import { ProjectPicker } from '../features/projects/ProjectPicker.js';
import { useProjects } from '../features/projects/store.js';
import { SettingsScreen } from '../features/settings/SettingsScreen.js';
import { TraceBrowser } from '../features/traces/TraceBrowser.js';
import { useConnection } from './boot.js';
import { useNav, type Screen } from './nav.js';

const TABS: { id: Screen; label: string }[] = [
  { id: 'projects', label: 'Projects' },
  { id: 'chat', label: 'Chat' },
  { id: 'traces', label: 'Traces' },
  { id: 'settings', label: 'Settings' },
];

export function App() {
  const { screen, go, pendingOpen, togglePending } = useNav();
  const pendingCount = useApprovals((s) => Object.keys(s.pending).length);
  const project = useProjects((s) => s.projects.find((p) => p.id === s.currentId) ?? null);
  const conn = useConnection((s) => s.state);

  useEffect(() => {
    document.title = project ? `Floe — ${project.name}` : 'Floe';
  }, [project]);

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Floe</span>
        <nav aria-label="Screens">
          {TABS.map((t) => (
            <button
              key={t.id}
              className={screen === t.id ? 'tab active' : 'tab'}
              aria-label={t.label}
              aria-current={screen === t.id ? 'page' : undefined}
              disabled={t.id === 'chat' && !project}
              onClick={() => go(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
        {project && (
          <span className="crumb" title={project.path}>
            {project.name}
          </span>
        )}
        <span className="spacer" />
        {conn !== 'open' && conn !== 'desktop' && (
          <span className="conn" role="status">
            {conn === 'connecting' ? 'connecting…' : 'disconnected — retrying'}
          </span>
        )}
        <button
          className={pendingCount ? 'badge-btn alert' : 'badge-btn'}
          aria-label={`Pending approvals: ${pendingCount}`}
          aria-expanded={pendingOpen}
          onClick={() => togglePending()}
        >
          Approvals{' '}
          <span className="count" data-testid="pending-count">
            {pendingCount}
          </span>
        </button>
      </header>
      {pendingOpen && <PendingList />}
      <main className="screen">
        {screen === 'projects' && <ProjectPicker />}
        {screen === 'chat' && project && <ChatScreen project={project} />}
        {screen === 'traces' && <TraceBrowser />}
        {screen === 'settings' && <SettingsScreen />}
      </main>
    </div>
  );
}
