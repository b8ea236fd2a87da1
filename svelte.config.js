// Svelte compiles `<script lang="ts">` itself (type annotations only); no preprocessor is needed.
export default {};
