/// <reference types="@crxjs/vite-plugin/client" />
/// <reference types="vite/client" />
