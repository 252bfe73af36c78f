// Renders the published document with Redoc (loaded by the script before this one).
(function () {
  'use strict';
  // The page's Content-Security-Policy admits only elements with this request's nonce; Redoc
  // puts it on the style elements it creates.
  var nonce = document.currentScript.nonce;
  Redoc.init('/openapi.yaml', {
    nonce: nonce,
    // Partners come to the reference for the error shapes as much as for the 200s: every
    // response, with its schema, is open without a click.
    expandResponses: 'all',
    requiredPropsFirst: true,
    hideDownloadButtons: false
  }, document.getElementById('reference'), function (error) {
    // A marker for whoever waits for the page (the contract tests do), and a note in the console.
    document.documentElement.setAttribute('data-reference', error ? 'failed' : 'rendered');
    if (error) {
      console.error('The API reference could not be rendered', error);
    }
  });
})();
