import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { CoreContext } from './core/core-context';
import { selectCore } from './core/select-core';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <CoreContext.Provider value={selectCore()}>
      <App />
    </CoreContext.Provider>
  </StrictMode>,
);
