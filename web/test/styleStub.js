// Stylesheets have no meaning in jsdom; imports of them resolve to this empty module.
export default {};
