// The compatibility gate, run by the root pom in the validate phase (docs/compatibility.md):
// compares api/openapi.yaml with the published api/released/v1.yaml using openapi-diff and the
// rules of api/openapi-diff-rules.yaml, prints openapi-diff's summary, writes it as Markdown and
// HTML under target/compatibility, and fails the build when a change breaks a v1 client.
// contract-tests/.../compat/CompatibilityRules.java applies the same rules the same way.
import org.apache.maven.plugin.MojoFailureException
import org.openapitools.openapidiff.core.OpenApiCompare
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions
import org.openapitools.openapidiff.core.model.BackwardIncompatibleProp
import org.openapitools.openapidiff.core.output.ConsoleRender
import org.openapitools.openapidiff.core.output.HtmlRender
import org.openapitools.openapidiff.core.output.MarkdownRender

def released = new File(releasedDocument)
def current = new File(currentDocument)
def rules = new File(rulesFile)
for (file in [released, current, rules]) {
    if (!file.isFile()) {
        throw new MojoFailureException("Compatibility gate: ${file} does not exist")
    }
}

def options = OpenApiDiffOptions.builder().configYaml(rules).build()
// A rule openapi-diff does not know (a typo, or a flat dotted key) would be ignored silently.
def known = BackwardIncompatibleProp.values().collect { it.propertyName.replace('.', '\\.').replace('%s', '[^.]+') }
def unknown = options.config.keys.toList().findAll { key -> !known.any { key ==~ it } }
if (unknown) {
    throw new MojoFailureException("Compatibility gate: ${rules} names rules openapi-diff does not have: ${unknown}" +
            " (keys must be nested, one level per dot)")
}

// fromLocations reads both documents as OpenApiCompare always does (references resolved); a
// document it cannot read at all is an exception, and so a failed build.
def diff = OpenApiCompare.fromLocations(released.absolutePath, current.absolutePath, null, options)

def reports = new File(reportDirectory)
reports.mkdirs()
def render = { renderer, File file ->
    file.withOutputStream { out -> renderer.render(diff, new OutputStreamWriter(out, 'UTF-8')) }
}
render(new MarkdownRender(), new File(reports, 'report.md'))
// The page links its style sheet by name; openapi-diff ships it, so the report needs no network.
render(new HtmlRender('api/openapi.yaml against api/released/v1.yaml', 'demo.css'), new File(reports, 'report.html'))
new File(reports, 'demo.css').bytes = HtmlRender.getResourceAsStream('/demo.css').bytes

def console = new ByteArrayOutputStream()
new ConsoleRender().render(diff, new OutputStreamWriter(console, 'UTF-8'))
console.toString('UTF-8').readLines().findAll { it.trim() }.each { log.info(it) }
log.info("Compatibility report: ${new File(reports, 'report.md')} and report.html")

if (diff.incompatible) {
    // openapi-diff's change log names every change but not which of them break: say it here.
    def breaks = diff.missingEndpoints.collect { "${it.method} ${it.pathUrl}: removed" }
    diff.changedOperations.findAll { it.incompatible }.each { operation ->
        def parts = ['operationId': operation.operationId, 'parameters': operation.parameters,
                     'request body': operation.requestBody, 'responses': operation.apiResponses,
                     'security': operation.securityRequirements].findAll { name, part -> part?.incompatible }.keySet()
        breaks << "${operation.httpMethod} ${operation.pathUrl}: ${parts ? parts.join(', ') : 'see the report'}"
    }
    breaks.each { log.error("Breaking change: ${it}") }
    throw new MojoFailureException("Compatibility gate: api/openapi.yaml breaks clients of api/released/v1.yaml" +
            " (${new File(reports, 'report.md')}). A breaking change needs a new major version; see" +
            " docs/compatibility.md")
}
log.info(diff.unchanged ? 'Compatibility gate: api/openapi.yaml is the released v1 contract'
        : 'Compatibility gate: every change to v1 is backward compatible')
