// Stylesheets are bundled by Vite; TypeScript only needs to know the import exists.
declare module '*.css';
