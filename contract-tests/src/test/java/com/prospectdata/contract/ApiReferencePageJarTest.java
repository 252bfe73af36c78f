package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.within;

import com.prospectdata.contract.support.ContractEnvironment;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.TlsCertificates;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

/**
 * The API reference at /docs as a partner sees it: Debian's Chromium, headless, loads the page
 * from the server under test and must show every path, every parameter of every operation (read
 * from api/openapi.yaml) and the error schema, with nothing refused by the page's
 * Content-Security-Policy but the one image that would come from outside the server. The page
 * is saved to target/api-reference.png for people to look at.
 *
 * <p>Chromium and its driver are Debian's ({@code apt-get install -y chromium chromium-driver}),
 * given to Selenium by path so that Selenium Manager never downloads anything.
 */
class ApiReferencePageJarTest extends ContractTest {

    private static final Path CHROMIUM = Path.of(System.getProperty("contract.chromium", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getProperty("contract.chromedriver", "/usr/bin/chromedriver"));
    private static final Path SCREENSHOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("api-reference.png");
    /** Wide enough for Redoc's three panels: menu, description, and the dark panel with paths and samples. */
    private static final int WINDOW_WIDTH = 1440;
    private static final int WINDOW_HEIGHT = 1000;
    private static final double SCREENSHOT_SCALE = 0.5;
    private static final Duration RENDERING = Duration.ofSeconds(90);
    /**
     * Redoc puts the Redocly logo, from this CDN, beside its "API docs by Redocly" link in the
     * menu; the page's policy refuses it (the page uses nothing from outside the server) and
     * Redoc then drops the image. The only thing the policy may refuse.
     */
    private static final String REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
    /**
     * Runs before any script of the page: keeps every policy violation and uncaught error, which
     * the console alone would not let the test read back.
     */
    private static final String RECORDER = """
            window.__refused = [];
            window.__errors = [];
            document.addEventListener('securitypolicyviolation', function (e) {
              window.__refused.push(e.effectiveDirective + ' refused ' + e.blockedURI
                  + (e.sample ? ' (' + e.sample + ')' : '') + ' at ' + e.sourceFile + ':' + e.lineNumber);
            }, true);
            window.addEventListener('error', function (e) {
              window.__errors.push(String(e.message) + ' at ' + e.filename + ':' + e.lineno);
            });
            window.addEventListener('unhandledrejection', function (e) {
              window.__errors.push('unhandled rejection: ' + String(e.reason));
            });
            """;

    private static Path profile;
    private static ChromeDriver browser;
    private static JsonNode document;
    private static List<PublishedDocument.Operation> operations;

    @BeforeAll
    static void openTheReference() throws Exception {
        requireInstalled(CHROMIUM, "chromium");
        requireInstalled(CHROMEDRIVER, "chromium-driver");
        document = PublishedDocument.tree();
        operations = PublishedDocument.operations(document);
        ContractEnvironment environment = environment();

        profile = Files.createTempDirectory("api-reference-chromium-");
        List<String> arguments = new ArrayList<>(List.of(
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=" + WINDOW_WIDTH + "," + WINDOW_HEIGHT));
        if (environment.isHttps()) {
            // Trusts the server's own key, and no other certificate error (Chromium honours this
            // flag only with --user-data-dir).
            arguments.add("--ignore-certificate-errors-spki-list=" + publicKeyPin(environment.port()));
        }
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments(arguments);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(service, options);
        browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", RECORDER));
        browser.get(environment.baseUri() + "/docs");
        // reference.js marks the page when Redoc has rendered the document, or failed to.
        new WebDriverWait(browser, RENDERING).until(driver ->
                driver.findElement(By.tagName("html")).getDomAttribute("data-reference") != null);
    }

    @AfterAll
    static void closeTheBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    @Test
    void redocRendersTheDocumentWithNothingRefusedButTheCdnLogo() {
        assertThat(browser.findElement(By.tagName("html")).getDomAttribute("data-reference"))
                .as("Redoc's verdict on /openapi.yaml; uncaught errors: %s", recorded("__errors"))
                .isEqualTo("rendered");
        assertThat(recorded("__errors")).as("uncaught errors in the page").isEmpty();
        assertThat(recorded("__refused"))
                .as("what the page's Content-Security-Policy refused")
                .allSatisfy(refused -> assertThat(refused).startsWith("img-src refused " + REDOCLY_LOGO + " "));
        assertThat(browser.getTitle()).isEqualTo("Company Prospect Data API reference");
    }

    @Test
    void everyPathIsShownWithItsMethodBesideItsOperation() {
        SoftAssertions softly = new SoftAssertions();
        for (PublishedDocument.Operation operation : operations) {
            WebElement section = section(operation);
            List<WebElement> shown = visible(section.findElements(By.xpath(
                    ".//span[contains(concat(' ', normalize-space(@class), ' '), ' http-verb ')]"
                            + "[normalize-space()='" + operation.method() + "']"
                            + "/following-sibling::span[normalize-space()=" + xpathLiteral(operation.path()) + "]")));
            softly.assertThat(shown).as("%s %s shown in the section of %s", operation.method().toUpperCase(),
                    operation.path(), operation.operationId()).isNotEmpty();
        }
        softly.assertAll();
    }

    @Test
    void everyParameterOfEveryOperationIsShown() {
        SoftAssertions softly = new SoftAssertions();
        int parameters = 0;
        for (PublishedDocument.Operation operation : operations) {
            WebElement section = section(operation);
            for (JsonNode parameter : operation.parameters()) {
                parameters++;
                String name = parameter.get("name").stringValue();
                softly.assertThat(visible(fields(section, name)))
                        .as("%s parameter %s of %s", parameter.get("in").stringValue(), name, operation.operationId())
                        .isNotEmpty();
            }
        }
        softly.assertAll();
        assertThat(parameters).as("parameters in the document").isPositive();
    }

    /**
     * Each response's fields are listed without a click (Redoc's expandResponses), so the error
     * shape shows once per error response of each operation: {@code error} and {@code message}
     * of ErrorResponse, and {@code retry_after} of the 429 body.
     */
    @Test
    void theErrorSchemaIsShownForEveryErrorResponse() {
        SoftAssertions softly = new SoftAssertions();
        Map<String, Integer> totals = new java.util.HashMap<>();
        for (PublishedDocument.Operation operation : operations) {
            WebElement section = section(operation);
            for (String field : List.of("error", "message", "retry_after")) {
                long declared = operation.responses().stream()
                        .filter(response -> PublishedDocument.bodyProperties(document, response).contains(field))
                        .count();
                totals.merge(field, Math.toIntExact(declared), Integer::sum);
                softly.assertThat(visible(fields(section, field)).size())
                        .as("responses of %s showing the field %s", operation.operationId(), field)
                        .isGreaterThanOrEqualTo(Math.toIntExact(declared));
            }
        }
        softly.assertAll();
        assertThat(totals).as("responses of the document declaring each error field")
                .allSatisfy((field, count) -> assertThat(count).as(field).isPositive());
    }

    @Test
    // Chromium renders the whole page into one image, at half its size: a quarter of the pixels
    // to raster and encode, which at full size took most of this class's time.
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void savesAScreenshotOfTheWholePage() throws IOException {
        browser.executeScript("window.scrollTo(0, 0)");
        @SuppressWarnings("unchecked")
        Map<String, Object> content = (Map<String, Object>) browser.executeCdpCommand("Page.getLayoutMetrics", Map.of())
                .get("cssContentSize");
        int width = (int) Math.ceil(((Number) content.get("width")).doubleValue());
        int height = (int) Math.ceil(((Number) content.get("height")).doubleValue());
        String png = (String) browser.executeCdpCommand("Page.captureScreenshot", Map.of(
                "format", "png",
                "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", SCREENSHOT_SCALE))).get("data");
        Files.createDirectories(SCREENSHOT.getParent());
        Files.write(SCREENSHOT, Base64.getDecoder().decode(png));

        BufferedImage image = ImageIO.read(SCREENSHOT.toFile());
        assertThat(image).as("a PNG at %s", SCREENSHOT).isNotNull();
        assertThat(image.getWidth()).isCloseTo((int) Math.round(width * SCREENSHOT_SCALE), within(1));
        assertThat(image.getHeight()).as("the whole page, not the window")
                .isCloseTo((int) Math.round(height * SCREENSHOT_SCALE), within(1))
                .isGreaterThan((int) (WINDOW_HEIGHT * SCREENSHOT_SCALE));
        assertThat(colours(image)).as("colours in the screenshot: a rendered page, not a blank one").isGreaterThan(16);
    }

    private static void requireInstalled(Path executable, String debianPackage) {
        if (!Files.isExecutable(executable)) {
            fail(executable + " is missing: this test drives Debian's Chromium through its driver. Install them with"
                    + " `apt-get install -y chromium chromium-driver` (this one comes from the package " + debianPackage + ").");
        }
    }

    /** The section Redoc renders for an operation, holding its description, parameters, responses and path. */
    private static WebElement section(PublishedDocument.Operation operation) {
        List<WebElement> sections = browser.findElements(By.cssSelector(
                "[data-section-id='operation/" + operation.operationId() + "']"));
        assertThat(sections).as("Redoc's section of %s", operation.operationId()).hasSize(1);
        return sections.getFirst();
    }

    /** The name cells Redoc writes for parameters and schema properties. */
    private static List<WebElement> fields(WebElement section, String name) {
        return section.findElements(By.xpath(".//td[@kind='field'][@title=" + xpathLiteral(name) + "]"
                + "//span[contains(concat(' ', normalize-space(@class), ' '), ' property-name ')]"
                + "[normalize-space()=" + xpathLiteral(name) + "]"));
    }

    /** The elements a reader sees once each is scrolled to. */
    private static List<WebElement> visible(List<WebElement> elements) {
        return elements.stream().filter(element -> {
            browser.executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
            return element.isDisplayed();
        }).toList();
    }

    private static String xpathLiteral(String text) {
        if (text.contains("'")) {
            throw new IllegalArgumentException("No quote expected in a path or a name of the document: " + text);
        }
        return "'" + text + "'";
    }

    @SuppressWarnings("unchecked")
    private static List<String> recorded(String variable) {
        return (List<String>) ((JavascriptExecutor) browser).executeScript("return window." + variable + ";");
    }

    private static int colours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < Math.min(image.getHeight(), 2000); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    /**
     * What Chromium's --ignore-certificate-errors-spki-list takes: the base64 SHA-256 of the
     * certificate's SubjectPublicKeyInfo that the server presents. The browser then trusts that
     * key alone.
     */
    private static String publicKeyPin(int port) throws GeneralSecurityException {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(TlsCertificates.presentedOn(port).getPublicKey().getEncoded()));
    }
}
