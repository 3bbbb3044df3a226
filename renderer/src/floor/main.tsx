import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorApp } from './FloorApp';
import './floor.css';

const root = document.getElementById('root');
if (root === null) throw new Error('floor.html has no #root');

createRoot(root).render(
  <StrictMode>
    <FloorApp />
  </StrictMode>,
);
